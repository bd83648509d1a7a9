-- Catalogue response cache freshness (server/modules/catalogue/cache.ts): every change to what the
-- catalogue API answers must reach each API instance, and 0002_search_triggers notifies only what
-- search needs. These triggers cover the rest on the same channel, `catalogue_changed`, with the
-- payload {"op", "table", "scope": "cache"}: search ignores scoped notifications, the cache drops
-- everything on any notification (admin edits are rare; a whole-cache flush is simple and safe).
-- One notification per statement that changed something; PostgreSQL folds identical payloads sent
-- in one transaction into one.
--
-- Deliberately NOT notified: variants.quantity alone (every checkout changes it). Search's trigger
-- already notifies when a variant's stock crosses zero (isAvailable flips); the exact quantity in
-- cached answers is refreshed by the cache's short stock TTL instead (docs/architecture.md, Caching).
-- Idempotent (CREATE OR REPLACE, DROP ... IF EXISTS), so it can run again safely.

CREATE OR REPLACE FUNCTION catalogue_cache_notify(tbl text, op text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('catalogue_changed', json_build_object('op', op, 'table', tbl, 'scope', 'cache')::text);
$$;
--> statement-breakpoint

-- Any row changed: discounts, discount_products, variant_attribute_values, attributes, attribute_values.
CREATE OR REPLACE FUNCTION catalogue_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per event: a transition table the trigger does not have cannot even be named.
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- products: the columns the catalogue shows that search does not watch (search's trigger covers
-- name, description and pid).
CREATE OR REPLACE FUNCTION catalogue_products_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.recipe_tips, n.created_at) IS DISTINCT FROM (o.recipe_tips, o.created_at)) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- variants: name, price and position (the first variant prices the card and the price sorts);
-- not quantity (see the top of this file).
CREATE OR REPLACE FUNCTION catalogue_variants_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.name, n.price, n.position) IS DISTINCT FROM (o.name, o.price, o.position)) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- images: the texts and sizes lists carry (a deleted image removes its product_images rows by
-- cascade, and that table's search trigger notifies).
CREATE OR REPLACE FUNCTION catalogue_images_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.alt_text, n.width, n.height) IS DISTINCT FROM (o.alt_text, o.width, o.height)) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- categories: a new or deleted category changes the category list even when it holds no product;
-- an update of the fields search does not watch (search's trigger covers name and position).
CREATE OR REPLACE FUNCTION catalogue_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE (n.slug, n.icon, n.color) IS DISTINCT FROM (o.slug, o.icon, o.color)) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- TRUNCATE fires no row or delete triggers.
CREATE OR REPLACE FUNCTION catalogue_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A trigger with transition tables may have one event only, hence one per event.
DROP TRIGGER IF EXISTS catalogue_discounts_insert ON discounts;
--> statement-breakpoint
CREATE TRIGGER catalogue_discounts_insert AFTER INSERT ON discounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discounts_update ON discounts;
--> statement-breakpoint
CREATE TRIGGER catalogue_discounts_update AFTER UPDATE ON discounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discounts_delete ON discounts;
--> statement-breakpoint
CREATE TRIGGER catalogue_discounts_delete AFTER DELETE ON discounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discounts_truncate ON discounts;
--> statement-breakpoint
CREATE TRIGGER catalogue_discounts_truncate AFTER TRUNCATE ON discounts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_discount_products_insert ON discount_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_products_insert AFTER INSERT ON discount_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_products_update ON discount_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_products_update AFTER UPDATE ON discount_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_products_delete ON discount_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_products_delete AFTER DELETE ON discount_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discount_products_truncate ON discount_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_discount_products_truncate AFTER TRUNCATE ON discount_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_variant_attribute_values_insert ON variant_attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_variant_attribute_values_insert AFTER INSERT ON variant_attribute_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_variant_attribute_values_update ON variant_attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_variant_attribute_values_update AFTER UPDATE ON variant_attribute_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_variant_attribute_values_delete ON variant_attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_variant_attribute_values_delete AFTER DELETE ON variant_attribute_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_variant_attribute_values_truncate ON variant_attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_variant_attribute_values_truncate AFTER TRUNCATE ON variant_attribute_values
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_attributes_insert ON attributes;
--> statement-breakpoint
CREATE TRIGGER catalogue_attributes_insert AFTER INSERT ON attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attributes_update ON attributes;
--> statement-breakpoint
CREATE TRIGGER catalogue_attributes_update AFTER UPDATE ON attributes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attributes_delete ON attributes;
--> statement-breakpoint
CREATE TRIGGER catalogue_attributes_delete AFTER DELETE ON attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attributes_truncate ON attributes;
--> statement-breakpoint
CREATE TRIGGER catalogue_attributes_truncate AFTER TRUNCATE ON attributes
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_attribute_values_insert ON attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_attribute_values_insert AFTER INSERT ON attribute_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attribute_values_update ON attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_attribute_values_update AFTER UPDATE ON attribute_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attribute_values_delete ON attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_attribute_values_delete AFTER DELETE ON attribute_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_attribute_values_truncate ON attribute_values;
--> statement-breakpoint
CREATE TRIGGER catalogue_attribute_values_truncate AFTER TRUNCATE ON attribute_values
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_products_update ON products;
--> statement-breakpoint
CREATE TRIGGER catalogue_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_updated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_variants_update ON variants;
--> statement-breakpoint
CREATE TRIGGER catalogue_variants_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_variants_updated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_variants_truncate ON variants;
--> statement-breakpoint
CREATE TRIGGER catalogue_variants_truncate AFTER TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_images_update ON images;
--> statement-breakpoint
CREATE TRIGGER catalogue_images_update AFTER UPDATE ON images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_images_updated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_images_truncate ON images;
--> statement-breakpoint
CREATE TRIGGER catalogue_images_truncate AFTER TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_categories_insert ON categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_categories_update ON categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_categories_delete ON categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_categories_delete AFTER DELETE ON categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_categories_changed();
--> statement-breakpoint

DROP TRIGGER IF EXISTS catalogue_product_categories_truncate ON product_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_product_categories_truncate AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_product_images_truncate ON product_images;
--> statement-breakpoint
CREATE TRIGGER catalogue_product_images_truncate AFTER TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated();
