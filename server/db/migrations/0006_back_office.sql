CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_entity_idx" ON "activity_log" USING btree ("entity","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint

-- Search freshness for the back office's switches (0002_search_triggers): hiding, showing,
-- archiving or restoring a product takes it out of (or back into) every instance's index, and so
-- does a variant being archived or switched off. The catalogue cache flushes on these same
-- notifications.
CREATE OR REPLACE FUNCTION search_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description, n.pid, n.hidden, n.archived_at)
        IS DISTINCT FROM (o.name, o.description, o.pid, o.hidden, o.archived_at)));
  ELSE
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product_id <> o.product_id
        OR (n.quantity > 0) <> (o.quantity > 0)
        OR (n.available, n.archived_at) IS DISTINCT FROM (o.available, o.archived_at)
      UNION
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product_id <> o.product_id));
  ELSE
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
