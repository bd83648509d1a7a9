ALTER TABLE "saved_items" ADD COLUMN "price_then" integer;--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "in_stock_then" boolean;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_price_then_positive" CHECK ("saved_items"."price_then" > 0);