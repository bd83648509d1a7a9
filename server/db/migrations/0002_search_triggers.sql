-- Search freshness (docs/design.md#stateless-instances): every API instance LISTENs on `catalogue_changed`
-- and re-indexes the products a notification names (server/modules/search/listener.ts). Statement-level
-- triggers with transition tables send one notification per statement (per 100 products), not one per row.
-- Payload: {"op", "table", "productIds": [...]} or {"op", "table", "categoryIds": [...]}, or {"op", "table",
-- "full": true} when a statement touched more than 1,000 products (bulk loads, TRUNCATE): a full rebuild is
-- cheaper than a thousand lookups, and NOTIFY payloads stop at 8,000 bytes. Idempotent (CREATE OR REPLACE,
-- DROP ... IF EXISTS), so it can run again safely.

CREATE OR REPLACE FUNCTION search_notify(tbl text, op text, kind text, ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(ids, 1), 0);
  chunk constant integer := 100;
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  IF n > 1000 THEN
    PERFORM pg_notify('catalogue_changed', json_build_object('op', op, 'table', tbl, 'full', true)::text);
    RETURN;
  END IF;
  FOR i IN 0 .. (n - 1) / chunk LOOP
    PERFORM pg_notify(
      'catalogue_changed',
      json_build_object('op', op, 'table', tbl, kind, ids[i * chunk + 1 : (i + 1) * chunk])::text
    );
  END LOOP;
END
$$;
--> statement-breakpoint

-- products: a new or deleted product, or a change to what search reads (name, description, pid).
CREATE OR REPLACE FUNCTION search_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description, n.pid) IS DISTINCT FROM (o.name, o.description, o.pid)));
  ELSE
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- product_categories and product_images: links by product_id; any change re-reads the product
-- (an image's position decides the result's image order).
CREATE OR REPLACE FUNCTION search_product_links_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(
      SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- variants: search shows only whether some variant is in stock, so an update notifies only when a
-- variant crosses zero (most stock changes, e.g. every checkout, do not).
CREATE OR REPLACE FUNCTION search_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product_id <> o.product_id OR (n.quantity > 0) <> (o.quantity > 0)
      UNION
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product_id <> o.product_id));
  ELSE
    PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'productIds', ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- categories: a rename (or a new position, which decides a product's first category) changes the
-- results of every product in it; the instance looks those products up. A deleted category removes
-- its product_categories rows by cascade, and that table's trigger names the products.
CREATE OR REPLACE FUNCTION search_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_notify(TG_TABLE_NAME, TG_OP, 'categoryIds', ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.position) IS DISTINCT FROM (o.name, o.position)));
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- TRUNCATE fires no row or delete triggers: ask for a full rebuild.
CREATE OR REPLACE FUNCTION search_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', json_build_object('op', TG_OP, 'table', TG_TABLE_NAME, 'full', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A trigger with transition tables may have one event only, hence three per table.
DROP TRIGGER IF EXISTS search_products_insert ON products;
--> statement-breakpoint
CREATE TRIGGER search_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_products_update ON products;
--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_products_delete ON products;
--> statement-breakpoint
CREATE TRIGGER search_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_products_truncate ON products;
--> statement-breakpoint
CREATE TRIGGER search_products_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS search_product_categories_insert ON product_categories;
--> statement-breakpoint
CREATE TRIGGER search_product_categories_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_product_categories_update ON product_categories;
--> statement-breakpoint
CREATE TRIGGER search_product_categories_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_product_categories_delete ON product_categories;
--> statement-breakpoint
CREATE TRIGGER search_product_categories_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint

DROP TRIGGER IF EXISTS search_product_images_insert ON product_images;
--> statement-breakpoint
CREATE TRIGGER search_product_images_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_product_images_update ON product_images;
--> statement-breakpoint
CREATE TRIGGER search_product_images_update AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_product_images_delete ON product_images;
--> statement-breakpoint
CREATE TRIGGER search_product_images_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_links_changed();
--> statement-breakpoint

DROP TRIGGER IF EXISTS search_variants_insert ON variants;
--> statement-breakpoint
CREATE TRIGGER search_variants_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_variants_update ON variants;
--> statement-breakpoint
CREATE TRIGGER search_variants_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_variants_delete ON variants;
--> statement-breakpoint
CREATE TRIGGER search_variants_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_variants_changed();
--> statement-breakpoint

DROP TRIGGER IF EXISTS search_categories_update ON categories;
--> statement-breakpoint
CREATE TRIGGER search_categories_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_categories_truncate ON categories;
--> statement-breakpoint
CREATE TRIGGER search_categories_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION search_truncated();
