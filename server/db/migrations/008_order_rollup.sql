-- Order figures per team, local day (in the team's timezone), date basis and OTA, kept by the
-- database: the statistics and the order counts of a month read a few hundred of these rows instead
-- of 100,000 orders. Statement-level triggers with transition tables fold each write into one
-- aggregate upsert. The statuses are columns, not part of the key, so that a 1,000-order status move
-- rewrites one row per day and OTA it touches (about 200 in a month of 100,000 orders, most of them
-- on the booking basis) rather than one per day, OTA and status. The status is in no index of
-- orders, so moves stay HOT updates there (migration 003); here only the key is indexed, so the
-- counters' updates are HOT too. Derived data: the orders stay the truth, and
-- order_rollup_rebuild(team) recomputes a team from them.
CREATE TABLE order_day_counts (
  team_id                  text NOT NULL,   -- no foreign key: derived from orders, which have one
  basis                    text NOT NULL CHECK (basis IN ('departure', 'booking')),
  day                      date NOT NULL,   -- departure_at or booked_at in the team's timezone
  ota                      text NOT NULL,
  orders                   integer NOT NULL,
  -- orders per status (src/domain/statuses.ts; any other status counts in `orders` only)
  status_new               integer NOT NULL,
  status_pending           integer NOT NULL,
  status_grouped           integer NOT NULL,
  status_arranged          integer NOT NULL,
  status_completed         integer NOT NULL,
  status_canceled          integer NOT NULL,
  status_cancel_requested  integer NOT NULL,
  -- canceled or cancel-requested while linked to a tour (a part of the issues view)
  linked_canceled          integer NOT NULL,
  linked_cancel_requested  integer NOT NULL,
  adult                    bigint NOT NULL, -- quantity_adult summed
  child                    bigint NOT NULL,
  confirmation             integer NOT NULL, -- orders whose confirmation e-mail was sent
  info                     integer NOT NULL, -- orders whose info e-mail was sent
  PRIMARY KEY (team_id, basis, day, ota)
) WITH (fillfactor = 70);

-- The orders' TOTAL prices summed per currency (no status in it: status moves leave it alone).
CREATE TABLE order_day_revenue (
  team_id   text NOT NULL,
  basis     text NOT NULL CHECK (basis IN ('departure', 'booking')),
  day       date NOT NULL,
  ota       text NOT NULL,
  currency  text NOT NULL,
  amount    numeric NOT NULL,
  PRIMARY KEY (team_id, basis, day, ota, currency)
) WITH (fillfactor = 70);

-- The upsert into order_day_counts of the orders of `source` (a query of orders' columns with
-- `sign`: 1 adds a row, -1 takes it away). The embedded database pays for every expression on every
-- row, so the rows are summed first by the columns a figure depends on (in integers: a sum of
-- bigint is numeric, several times slower to add), then each group goes to its departure day and to
-- its booking day in one pass (GROUPING SETS), each status counted with FILTER (one sum called per
-- group, not seven). Groups whose sums are all zero (rows that changed nothing counted here) write
-- nothing; rows are upserted in key order, so concurrent writers lock them in the same order.
CREATE FUNCTION order_rollup_counts_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO order_day_counts AS c
    SELECT team_id, CASE WHEN GROUPING(departure_day) = 0 THEN 'departure' ELSE 'booking' END,
           COALESCE(departure_day, booking_day), ota, %2$s
      FROM (SELECT d.team_id, d.ota, (d.departure_at AT TIME ZONE t.timezone)::date AS departure_day,
                   (d.booked_at AT TIME ZONE t.timezone)::date AS booking_day, d.status,
                   d.tour_id IS NOT NULL AS linked, sum(d.sign)::int AS n,
                   sum(d.sign * d.quantity_adult)::int AS adult, sum(d.sign * d.quantity_child)::int AS child,
                   sum(CASE WHEN d.email_checkpoints->>'confirmation' = 'true' THEN d.sign ELSE 0 END)::int AS confirmation,
                   sum(CASE WHEN d.email_checkpoints->>'info' = 'true' THEN d.sign ELSE 0 END)::int AS info
              FROM (%1$s) d
              JOIN teams t ON t.id = d.team_id
             GROUP BY 1, 2, 3, 4, 5, 6) x
     GROUP BY GROUPING SETS ((team_id, ota, departure_day), (team_id, ota, booking_day))
    HAVING (%2$s) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, basis, day, ota) DO UPDATE SET
       orders = c.orders + EXCLUDED.orders, status_new = c.status_new + EXCLUDED.status_new,
       status_pending = c.status_pending + EXCLUDED.status_pending,
       status_grouped = c.status_grouped + EXCLUDED.status_grouped,
       status_arranged = c.status_arranged + EXCLUDED.status_arranged,
       status_completed = c.status_completed + EXCLUDED.status_completed,
       status_canceled = c.status_canceled + EXCLUDED.status_canceled,
       status_cancel_requested = c.status_cancel_requested + EXCLUDED.status_cancel_requested,
       linked_canceled = c.linked_canceled + EXCLUDED.linked_canceled,
       linked_cancel_requested = c.linked_cancel_requested + EXCLUDED.linked_cancel_requested,
       adult = c.adult + EXCLUDED.adult, child = c.child + EXCLUDED.child,
       confirmation = c.confirmation + EXCLUDED.confirmation, info = c.info + EXCLUDED.info$q$,
    source,
    -- the figures in the table's column order, from orders to info
    $f$COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE status = 'new'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'pending'), 0), COALESCE(sum(n) FILTER (WHERE status = 'grouped'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'arranged'), 0), COALESCE(sum(n) FILTER (WHERE status = 'completed'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'canceled'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'cancel_requested'), 0),
       COALESCE(sum(n) FILTER (WHERE linked AND status = 'canceled'), 0),
       COALESCE(sum(n) FILTER (WHERE linked AND status = 'cancel_requested'), 0),
       COALESCE(sum(adult), 0), COALESCE(sum(child), 0), COALESCE(sum(confirmation), 0), COALESCE(sum(info), 0)$f$)
$fn$;

-- The same for order_day_revenue. Only well-formed TOTAL prices count (the contract allows no other;
-- the column does not enforce it).
CREATE FUNCTION order_rollup_revenue_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO order_day_revenue AS r (team_id, basis, day, ota, currency, amount)
    SELECT d.team_id, b.basis, b.day, d.ota, p->>'currency', sum(d.sign * (p->>'amount')::numeric)
      FROM (%s) d
      JOIN teams t ON t.id = d.team_id
     CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.prices) = 'array' THEN d.prices ELSE '[]' END) AS p
     CROSS JOIN LATERAL (VALUES ('departure', (d.departure_at AT TIME ZONE t.timezone)::date),
                                ('booking', (d.booked_at AT TIME ZONE t.timezone)::date)) AS b(basis, day)
     WHERE p->>'type' = 'TOTAL' AND jsonb_typeof(p->'amount') = 'number' AND jsonb_typeof(p->'currency') = 'string'
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign * (p->>'amount')::numeric) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (team_id, basis, day, ota, currency) DO UPDATE SET amount = r.amount + EXCLUDED.amount$q$, source)
$fn$;

-- The orders of a relation with a sign, as the two statements read them.
CREATE FUNCTION order_rollup_rows(relation text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format('SELECT %s AS sign, team_id, ota, status, tour_id, departure_at, booked_at, quantity_adult,'
                ' quantity_child, email_checkpoints, prices FROM %s', sign, relation)
$fn$;

-- The trigger functions, made from the texts above (one definition), with static SQL: EXECUTE would
-- plan the statements again on every write, which costs the embedded database about as much as
-- running them. Transition tables are visible only in the trigger function itself. A static
-- statement keeps the plan of its first run, whatever the size of the transition tables then, so
-- the functions plan with hashes, which suit any size: planned for one row, the join of an update's
-- old and new rows was a nested loop that took 9 s for 1,000 rows, and grouping by sorting took
-- twice as long as by hashing (LATERAL joins and the final ORDER BY have no other plan and keep
-- theirs). And without JIT: the cost the planner adds to the plans it is told to avoid made
-- PostgreSQL compile each statement (0.4 s a write). The update's counts take every row away and
-- add it back (rows that changed nothing counted cancel out); its revenue only the pairs whose
-- revenue columns changed, so a status move never reads a price.
DO $do$
DECLARE
  price_changes text := $q$
    SELECT v.* FROM old_rows o JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (-1, o.team_id, o.ota, o.departure_at, o.booked_at, o.prices),
                                (1, n.team_id, n.ota, n.departure_at, n.booked_at, n.prices))
                         AS v(sign, team_id, ota, departure_at, booked_at, prices)
     WHERE (o.team_id, o.ota, o.departure_at, o.booked_at, o.prices)
           IS DISTINCT FROM (n.team_id, n.ota, n.departure_at, n.booked_at, n.prices)$q$;
  fn record;
BEGIN
  FOR fn IN
    SELECT * FROM (VALUES
      ('order_rollup_insert', order_rollup_rows('new_rows', 1), order_rollup_rows('new_rows', 1)),
      ('order_rollup_delete', order_rollup_rows('old_rows', -1), order_rollup_rows('old_rows', -1)),
      ('order_rollup_update', order_rollup_rows('old_rows', -1) || ' UNION ALL ' || order_rollup_rows('new_rows', 1),
       price_changes)
    ) AS f(name, counted, priced)
  LOOP
    EXECUTE format('CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql
                      SET enable_nestloop = off SET enable_sort = off SET jit = off AS %L', fn.name,
                   format('BEGIN %s; %s; RETURN NULL; END',
                          order_rollup_counts_sql(fn.counted), order_rollup_revenue_sql(fn.priced)));
  END LOOP;
END $do$;

-- (A trigger with transition tables takes one event and no column list.)
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_insert();
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_update();
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_delete();

-- Recomputes a team's rows from its orders: after its timezone changed, or after a bulk load that
-- ran with the insert trigger off (server/repo/order-rollup.ts).
CREATE FUNCTION order_rollup_rebuild(team text) RETURNS void LANGUAGE plpgsql
  SET enable_nestloop = off SET enable_sort = off SET jit = off AS $fn$
BEGIN
  DELETE FROM order_day_counts WHERE team_id = team;
  DELETE FROM order_day_revenue WHERE team_id = team;
  EXECUTE order_rollup_counts_sql(order_rollup_rows('orders', 1) || ' WHERE team_id = $1') USING team;
  EXECUTE order_rollup_revenue_sql(order_rollup_rows('orders', 1) || ' WHERE team_id = $1') USING team;
END $fn$;

-- A team whose timezone changes has other days: rebuild it in the same transaction.
CREATE FUNCTION order_rollup_timezone() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM order_rollup_rebuild(NEW.id);
  RETURN NULL;
END $fn$;

CREATE TRIGGER teams_order_rollup AFTER UPDATE OF timezone ON teams
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION order_rollup_timezone();

-- TRUNCATE fires no row or transition triggers: empty the rollup with the orders.
CREATE FUNCTION order_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE order_day_counts, order_day_revenue;
  RETURN NULL;
END $fn$;

CREATE TRIGGER orders_rollup_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_truncate();

SELECT order_rollup_rebuild(id) FROM teams;
