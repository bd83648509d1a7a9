CREATE TABLE "discount_categories" (
	"discount_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "discount_categories_discount_id_category_id_pk" PRIMARY KEY("discount_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	CONSTRAINT "order_discounts_order_id_discount_id_pk" PRIMARY KEY("order_id","discount_id")
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "redemptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_categories_category_idx" ON "discount_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "order_discounts_discount_idx" ON "order_discounts" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_refund_reference_uq" ON "orders" USING btree ("refund_reference");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","total") WHERE payment_status = 'paid';--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "variants_low_stock_idx" ON "variants" USING btree ("quantity") WHERE archived_at is null;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_usage_limit_positive" CHECK ("discounts"."usage_limit" IS NULL OR "discounts"."usage_limit" > 0);--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_redemptions_range" CHECK ("discounts"."redemptions" >= 0);--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_ends_after_start" CHECK ("discounts"."ends_at" IS NULL OR "discounts"."ends_at" > "discounts"."starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_amount_positive" CHECK ("orders"."refund_amount" IS NULL OR "orders"."refund_amount" > 0);--> statement-breakpoint

-- A discount on a category changes prices in the shop like one on a product (0005's triggers).
DROP TRIGGER IF EXISTS catalogue_discount_categories_insert ON discount_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_categories_insert AFTER INSERT ON discount_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_categories_update ON discount_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_categories_update AFTER UPDATE ON discount_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_categories_delete ON discount_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_categories_delete AFTER DELETE ON discount_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_categories_truncate ON discount_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_categories_truncate AFTER TRUNCATE ON discount_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
