CREATE TABLE "dashboard_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"day" date,
	"key" text,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup" (
	"kind" text NOT NULL,
	"day" date,
	"key" text,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_rollup_figure_uq" UNIQUE NULLS NOT DISTINCT("kind","day","key")
);
--> statement-breakpoint
-- The dashboard's figures kept by the writes (server/modules/dashboard/rollup.ts, docs/architecture.md):
-- every statement that changes orders or order_items appends what it changed in the figures to
-- dashboard_deltas, in its own transaction. Inserts only: no row every checkout updates, so
-- concurrent checkouts never wait on each other for the rollup. The compaction job sums the deltas
-- into dashboard_rollup; the dashboard reads the rollup plus the deltas not yet compacted.
--
-- An order counts once by status and once by payment status; a paid order with a paid_at counts on
-- its Nairobi day (UTC+3 all year, as contract/dashboard-rules.ts) with its total, and its lines
-- that still name a product count as that product's units and line revenue on that day.

-- The Nairobi calendar day of an instant.
CREATE OR REPLACE FUNCTION dashboard_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '3 hours')::date
$$;
--> statement-breakpoint
-- The day an order's revenue counts on: its Nairobi paid day while paid, otherwise none.
CREATE OR REPLACE FUNCTION dashboard_paid_day(payment_status text, paid_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payment_status = 'paid' THEN dashboard_day(paid_at) END
$$;
--> statement-breakpoint
-- What one order adds to the figures by itself (times sign: 1 to add it, -1 to take it away).
CREATE OR REPLACE FUNCTION dashboard_order_figures(status text, payment_status text, paid_at timestamptz,
                                                   total integer, sign integer)
RETURNS TABLE (kind text, day date, key text, orders integer, units bigint, revenue bigint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'status', NULL::date, status, sign, 0::bigint, 0::bigint
  UNION ALL
  SELECT 'payment', NULL::date, payment_status, sign, 0::bigint, 0::bigint
  UNION ALL
  SELECT 'paid', dashboard_paid_day(payment_status, paid_at), NULL, sign, 0::bigint, (sign * total)::bigint
  WHERE dashboard_paid_day(payment_status, paid_at) IS NOT NULL
$$;
--> statement-breakpoint
-- What an order's lines add as sold on its paid day (nothing when it has none).
CREATE OR REPLACE FUNCTION dashboard_order_sold(sold_order uuid, sold_on date, sign integer)
RETURNS TABLE (kind text, day date, key text, orders integer, units bigint, revenue bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'sold', sold_on, i.product_id::text, 0, (sign * i.quantity)::bigint, (sign * i.total_price)::bigint
  FROM order_items i
  WHERE sold_on IS NOT NULL AND i.order_id = sold_order AND i.product_id IS NOT NULL
$$;
--> statement-breakpoint
-- orders, per statement: the new rows' figures less the old rows'; the lines of an order whose paid
-- day changed (paid, unpaid, paid_at moved) move with it. Figures that net to nothing are not written.
CREATE OR REPLACE FUNCTION dashboard_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per event: a transition table the trigger does not have cannot even be named.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT f.kind, f.day, f.key, sum(f.orders), sum(f.units), sum(f.revenue)
    FROM new_rows n, dashboard_order_figures(n.status, n.payment_status, n.paid_at, n.total, 1) f
    GROUP BY f.kind, f.day, f.key;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT f.kind, f.day, f.key, sum(f.orders), sum(f.units), sum(f.revenue)
    FROM (
      SELECT f.* FROM new_rows n, dashboard_order_figures(n.status, n.payment_status, n.paid_at, n.total, 1) f
      UNION ALL
      SELECT f.* FROM old_rows o, dashboard_order_figures(o.status, o.payment_status, o.paid_at, o.total, -1) f
      UNION ALL
      SELECT s.*
      FROM new_rows n JOIN old_rows o ON o.id = n.id,
           LATERAL (SELECT * FROM dashboard_order_sold(n.id, dashboard_paid_day(n.payment_status, n.paid_at), 1)
                    UNION ALL
                    SELECT * FROM dashboard_order_sold(o.id, dashboard_paid_day(o.payment_status, o.paid_at), -1)) s
      WHERE dashboard_paid_day(n.payment_status, n.paid_at) IS DISTINCT FROM dashboard_paid_day(o.payment_status, o.paid_at)
    ) f
    GROUP BY f.kind, f.day, f.key
    HAVING sum(f.orders) <> 0 OR sum(f.units) <> 0 OR sum(f.revenue) <> 0;
  ELSE
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT f.kind, f.day, f.key, sum(f.orders), sum(f.units), sum(f.revenue)
    FROM old_rows o, dashboard_order_figures(o.status, o.payment_status, o.paid_at, o.total, -1) f
    GROUP BY f.kind, f.day, f.key;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted order's lines go with it (ON DELETE CASCADE) after it is gone, when order_items' trigger
-- can no longer tell they were sold: they are taken off here, while they are still there.
CREATE OR REPLACE FUNCTION dashboard_order_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
  SELECT s.kind, s.day, s.key, sum(s.orders), sum(s.units), sum(s.revenue)
  FROM dashboard_order_sold(OLD.id, dashboard_paid_day(OLD.payment_status, OLD.paid_at), -1) s
  GROUP BY s.kind, s.day, s.key;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- order_items, per statement: lines added to, changed in or taken from a paid order. Their orders
-- are locked FOR SHARE first, in a statement of its own, and read by the next (a fresh snapshot in
-- READ COMMITTED): a payment being recorded for one of them at that moment (whose trigger reads the
-- lines it can see) commits first and these lines then see the order paid, or waits for these to
-- commit and reads them; each line counts once either way (rollup.race.test.ts). A lock in the
-- reading statement itself does not do: that statement keeps the snapshot it started with. Only
-- those orders' rows are locked, by lines written for them, which the shop does only at checkout.
CREATE OR REPLACE FUNCTION dashboard_items_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM new_rows) ORDER BY id FOR SHARE;
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT 'sold', o.day, n.product_id::text, 0, sum(n.quantity), sum(n.total_price)
    FROM new_rows n
    JOIN (SELECT id, dashboard_paid_day(payment_status, paid_at) AS day FROM orders
          WHERE id IN (SELECT order_id FROM new_rows)) o ON o.id = n.order_id
    WHERE o.day IS NOT NULL AND n.product_id IS NOT NULL
    GROUP BY o.day, n.product_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows)
    ORDER BY id FOR SHARE;
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT 'sold', o.day, l.product_id::text, 0, sum(l.quantity), sum(l.total_price)
    FROM (SELECT order_id, product_id, quantity, total_price FROM new_rows
          UNION ALL
          SELECT order_id, product_id, -quantity, -total_price FROM old_rows) l
    JOIN (SELECT id, dashboard_paid_day(payment_status, paid_at) AS day FROM orders
          WHERE id IN (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows)) o
      ON o.id = l.order_id
    WHERE o.day IS NOT NULL AND l.product_id IS NOT NULL
    GROUP BY o.day, l.product_id
    HAVING sum(l.quantity) <> 0 OR sum(l.total_price) <> 0;
  ELSE
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM old_rows) ORDER BY id FOR SHARE;
    INSERT INTO dashboard_deltas (kind, day, key, orders, units, revenue)
    SELECT 'sold', o.day, d.product_id::text, 0, -sum(d.quantity), -sum(d.total_price)
    FROM old_rows d
    JOIN (SELECT id, dashboard_paid_day(payment_status, paid_at) AS day FROM orders
          WHERE id IN (SELECT order_id FROM old_rows)) o ON o.id = d.order_id
    WHERE o.day IS NOT NULL AND d.product_id IS NOT NULL
    GROUP BY o.day, d.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_orders_inserted ON orders;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_orders_updated ON orders;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_orders_deleted ON orders;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_orders_deleting ON orders;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleting BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_order_deleting();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_items_inserted ON order_items;--> statement-breakpoint
CREATE TRIGGER dashboard_items_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_items_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_items_updated ON order_items;--> statement-breakpoint
CREATE TRIGGER dashboard_items_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_items_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS dashboard_items_deleted ON order_items;--> statement-breakpoint
CREATE TRIGGER dashboard_items_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_items_changed();--> statement-breakpoint
-- An existing shop's orders, summed once into the rollup. The triggers above already hold the
-- tables against writes (until this migration commits), so nothing is counted twice or missed.
INSERT INTO dashboard_rollup (kind, day, key, orders, units, revenue)
SELECT f.kind, f.day, f.key, sum(f.orders), sum(f.units), sum(f.revenue)
FROM (
  SELECT f.* FROM orders o, dashboard_order_figures(o.status, o.payment_status, o.paid_at, o.total, 1) f
  UNION ALL
  SELECT 'sold', dashboard_paid_day(o.payment_status, o.paid_at), i.product_id::text, 0, i.quantity, i.total_price
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE dashboard_paid_day(o.payment_status, o.paid_at) IS NOT NULL AND i.product_id IS NOT NULL
) f
GROUP BY f.kind, f.day, f.key;
