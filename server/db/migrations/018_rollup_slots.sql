-- The rollup's rows (migration 008) in slots: each key (team, basis, day, OTA [, currency]) is kept in
-- up to eight rows, one per slot, and a writer adds to the slot of its connection. Every order a team
-- creates today adds to the same booking-day row: in one row, each creator waited for the one before
-- it to commit (the channel's confirmations took turns there). The figures are the sums over the
-- slots, and the readers sum (a slot's figure alone may be negative: an order counted in one slot and
-- moved in another). A rebuild writes one slot per key.
CREATE FUNCTION rollup_slot() RETURNS smallint LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 8)::smallint $$;

ALTER TABLE order_day_counts ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE order_day_counts DROP CONSTRAINT order_day_counts_pkey;
ALTER TABLE order_day_counts ADD PRIMARY KEY (team_id, basis, day, ota, slot);
ALTER TABLE order_day_revenue ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE order_day_revenue DROP CONSTRAINT order_day_revenue_pkey;
ALTER TABLE order_day_revenue ADD PRIMARY KEY (team_id, basis, day, ota, currency, slot);

CREATE OR REPLACE FUNCTION order_rollup_counts_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO order_day_counts AS c (team_id, basis, day, ota, slot, orders, status_new, status_pending, status_grouped,
                                       status_arranged, status_completed, status_canceled, status_cancel_requested,
                                       linked_canceled, linked_cancel_requested, adult, child, confirmation, info,
                                       checked_in, no_show)
    SELECT team_id, CASE WHEN GROUPING(departure_day) = 0 THEN 'departure' ELSE 'booking' END,
           COALESCE(departure_day, booking_day), ota, rollup_slot(), %2$s
      FROM (SELECT d.team_id, d.ota, (d.departure_at AT TIME ZONE t.timezone)::date AS departure_day,
                   (d.booked_at AT TIME ZONE t.timezone)::date AS booking_day, d.status,
                   d.tour_id IS NOT NULL AS linked, sum(d.sign)::int AS n,
                   sum(d.sign * d.quantity_adult)::int AS adult, sum(d.sign * d.quantity_child)::int AS child,
                   sum(CASE WHEN d.email_checkpoints->>'confirmation' = 'true' THEN d.sign ELSE 0 END)::int AS confirmation,
                   sum(CASE WHEN d.email_checkpoints->>'info' = 'true' THEN d.sign ELSE 0 END)::int AS info,
                   sum(CASE WHEN d.check_in_state = 'CHECKED_IN' THEN d.sign ELSE 0 END)::int AS checked_in,
                   sum(CASE WHEN d.check_in_state = 'NO_SHOW' THEN d.sign ELSE 0 END)::int AS no_show
              FROM (%1$s) d
              JOIN teams t ON t.id = d.team_id
             GROUP BY 1, 2, 3, 4, 5, 6) x
     GROUP BY GROUPING SETS ((team_id, ota, departure_day), (team_id, ota, booking_day))
    HAVING (%2$s) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, basis, day, ota, slot) DO UPDATE SET
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
       confirmation = c.confirmation + EXCLUDED.confirmation, info = c.info + EXCLUDED.info,
       checked_in = c.checked_in + EXCLUDED.checked_in, no_show = c.no_show + EXCLUDED.no_show$q$,
    source,
    -- the figures in the insert's column order, from orders to no_show
    $f$COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE status = 'new'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'pending'), 0), COALESCE(sum(n) FILTER (WHERE status = 'grouped'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'arranged'), 0), COALESCE(sum(n) FILTER (WHERE status = 'completed'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'canceled'), 0),
       COALESCE(sum(n) FILTER (WHERE status = 'cancel_requested'), 0),
       COALESCE(sum(n) FILTER (WHERE linked AND status = 'canceled'), 0),
       COALESCE(sum(n) FILTER (WHERE linked AND status = 'cancel_requested'), 0),
       COALESCE(sum(adult), 0), COALESCE(sum(child), 0), COALESCE(sum(confirmation), 0), COALESCE(sum(info), 0),
       COALESCE(sum(checked_in) FILTER (WHERE status <> 'canceled'), 0),
       COALESCE(sum(no_show) FILTER (WHERE status <> 'canceled'), 0)$f$)
$fn$;

CREATE OR REPLACE FUNCTION order_rollup_revenue_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO order_day_revenue AS r (team_id, basis, day, ota, currency, slot, amount)
    SELECT d.team_id, b.basis, b.day, d.ota, p->>'currency', rollup_slot(), sum(d.sign * (p->>'amount')::numeric)
      FROM (%s) d
      JOIN teams t ON t.id = d.team_id
     CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.prices) = 'array' THEN d.prices ELSE '[]' END) AS p
     CROSS JOIN LATERAL (VALUES ('departure', (d.departure_at AT TIME ZONE t.timezone)::date),
                                ('booking', (d.booked_at AT TIME ZONE t.timezone)::date)) AS b(basis, day)
     WHERE p->>'type' = 'TOTAL' AND jsonb_typeof(p->'amount') = 'number' AND jsonb_typeof(p->'currency') = 'string'
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign * (p->>'amount')::numeric) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (team_id, basis, day, ota, currency, slot) DO UPDATE SET amount = r.amount + EXCLUDED.amount$q$, source)
$fn$;

-- The trigger functions again from the new texts (as migrations 008 and 016 made them).
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
    EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql
                      SET enable_nestloop = off SET enable_sort = off SET jit = off AS %L', fn.name,
                   format('BEGIN %s; %s; RETURN NULL; END',
                          order_rollup_counts_sql(fn.counted), order_rollup_revenue_sql(fn.priced)));
  END LOOP;
END $do$;
