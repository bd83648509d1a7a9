-- When an order was delivered, kept apart from updated_at, which a later change (a refund recorded) moves: a rider's "delivered today" reads it.
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "status" = 'delivered';
