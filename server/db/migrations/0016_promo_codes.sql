-- Promo codes: a discount may carry a code (upper-case, unique) and then prices nothing until a shopper types it; it may cover the whole order or the delivery fee and ask for a minimum subtotal, a first order, and a limit per shopper. Orders keep the code, what it saved in all, and the part taken off the subtotal (order_saving), which the total now subtracts.
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_sum";--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "applies_to" text DEFAULT 'items' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "min_subtotal" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "per_shopper_limit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_saving" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_saving" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_uq" ON "discounts" USING btree ("code");--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_code_upper" CHECK ("discounts"."code" IS NULL OR "discounts"."code" = upper("discounts"."code"));--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_automatic_items" CHECK ("discounts"."code" IS NOT NULL OR "discounts"."applies_to" = 'items');--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_min_subtotal_positive" CHECK ("discounts"."min_subtotal" IS NULL OR "discounts"."min_subtotal" > 0);--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_per_shopper_positive" CHECK ("discounts"."per_shopper_limit" IS NULL OR "discounts"."per_shopper_limit" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_saving_range" CHECK ("orders"."order_saving" >= 0 AND "orders"."order_saving" < "orders"."subtotal");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_sum" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."order_saving" + "orders"."shipping_rate");