-- When an order was delivered, kept apart from updated_at, which a later change (a refund recorded) moves: a rider's "delivered today" reads it. Orders delivered before take the time of their move to delivered in the activity log, or updated_at where the log has none.
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" AS o SET "delivered_at" = COALESCE(
  (SELECT max(a."created_at") FROM "activity_log" AS a
    WHERE a."entity" = 'order' AND a."entity_id" = o."id" AND a."action" = 'status_changed'
      AND a."summary" LIKE '% to delivered.'),
  o."updated_at")
WHERE o."status" = 'delivered';
