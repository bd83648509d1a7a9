-- A discount's use taken or given back (checkout, a failed or expired payment, a cancel) changes only
-- `redemptions`, and the catalogue shows no count of uses: it prices with a discount while it has a
-- use left. So such an update notifies the catalogue caches (0005) only when the discount runs out or
-- has a use again. Before, every checkout of a product on a limited discount flushed every
-- instance's whole catalogue cache, and in a flash sale the sale's own product page was rebuilt from
-- the database over and over, competing with the checkouts for connections.
-- Idempotent (CREATE OR REPLACE, DROP ... IF EXISTS), so it can run again safely.

CREATE OR REPLACE FUNCTION catalogue_discounts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE to_jsonb(n) - 'redemptions' IS DISTINCT FROM to_jsonb(o) - 'redemptions'
                OR (n.usage_limit IS NOT NULL
                    AND (n.redemptions >= n.usage_limit) IS DISTINCT FROM (o.redemptions >= o.usage_limit)))
     -- A row whose id changed has no partner above: notify, as for any other change.
     OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id)) THEN
    PERFORM catalogue_cache_notify(TG_TABLE_NAME, TG_OP);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_discounts_update ON discounts;
--> statement-breakpoint
CREATE TRIGGER catalogue_discounts_update AFTER UPDATE ON discounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_discounts_updated();
