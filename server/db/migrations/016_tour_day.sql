-- The tour day (issue 25): how to reach the customer, where to pick them up, what the OTA asked for,
-- and who showed up. Existing orders get nothing invented: no phone, pick-up or notes (NULL), and
-- EXPECTED as their check-in.
ALTER TABLE orders
  ADD COLUMN customer_phone   text,
  ADD COLUMN pickup           text,
  ADD COLUMN notes            text,
  ADD COLUMN check_in_state   text NOT NULL DEFAULT 'EXPECTED'
    CONSTRAINT orders_check_in_state CHECK (check_in_state IN ('EXPECTED', 'CHECKED_IN', 'NO_SHOW')),
  ADD COLUMN check_in_arrived integer NOT NULL DEFAULT 0 CONSTRAINT orders_check_in_arrived CHECK (check_in_arrived >= 0),
  ADD COLUMN check_in_at      timestamptz,
  ADD COLUMN check_in_by_id   text,
  ADD COLUMN check_in_by_name text;

-- The answer to each check-in by its idempotency key (one per gesture of the app), so a queued
-- check-in sent twice is applied once: the key is taken inside the check-in's transaction (a second
-- call with the same key waits on the first one's row, then reads its answer).
CREATE TABLE check_in_requests (
  team_id          text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  idempotency_key  text NOT NULL,
  order_id         text NOT NULL,
  user_id          text NOT NULL,
  request_hash     text NOT NULL,               -- sha256 of the order id and the body
  response         jsonb,                       -- the order answered, set before the transaction commits
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, idempotency_key)
);
CREATE INDEX check_in_requests_team_order ON check_in_requests (team_id, order_id);

-- The manifest of a departure without a tour: the team's orders of a product at one instant
-- (migration 012's orders_team_product_departure serves it).

-- The list's stored JSON members (migration 004) carry the new fields, the check-in included (a
-- check-in writes one order, so it may fire the trigger; status moves still do not).
CREATE OR REPLACE FUNCTION order_json_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p_route text;
  p_pack text;
  t_display text;
BEGIN
  SELECT route, pack INTO p_route, p_pack FROM products WHERE team_id = NEW.team_id AND id = NEW.product_id;
  IF NEW.tour_id IS NOT NULL THEN
    SELECT display_id INTO t_display FROM tours WHERE id = NEW.tour_id;
  END IF;
  NEW.json_fields :=
    '"id":' || to_json(NEW.id)::text ||
    ',"displayId":' || to_json(NEW.display_id)::text ||
    ',"otaOrderId":' || to_json(NEW.ota_order_id)::text ||
    ',"ota":' || to_json(NEW.ota)::text ||
    ',"departureAt":"' || to_char(NEW.departure_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
    '","bookedAt":"' || to_char(NEW.booked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
    '","language":' || to_json(NEW.language)::text ||
    ',"product":{"id":' || to_json(NEW.product_id)::text ||
      ',"route":' || to_json(COALESCE(p_route, ''))::text ||
      ',"pack":' || to_json(COALESCE(NULLIF(p_pack, ''), NEW.product_id))::text || '}' ||
    ',"customer":{"name":' || to_json(NEW.customer_name)::text ||
      ',"email":' || to_json(NEW.customer_email)::text ||
      ',"phone":' || COALESCE(to_json(NEW.customer_phone)::text, 'null') || '}' ||
    ',"pickup":' || COALESCE(to_json(NEW.pickup)::text, 'null') ||
    ',"notes":' || COALESCE(to_json(NEW.notes)::text, 'null') ||
    ',"checkIn":{"state":' || to_json(NEW.check_in_state)::text || ',"arrived":' || NEW.check_in_arrived ||
      ',"at":' || CASE WHEN NEW.check_in_at IS NULL THEN 'null'
                  ELSE '"' || to_char(NEW.check_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' END ||
      ',"by":' || CASE WHEN NEW.check_in_by_id IS NULL THEN 'null'
                  ELSE '{"id":' || to_json(NEW.check_in_by_id)::text ||
                       ',"name":' || to_json(COALESCE(NEW.check_in_by_name, ''))::text || '}' END || '}' ||
    ',"quantity":{"total":' || NEW.quantity_total || ',"adult":' || NEW.quantity_adult ||
      ',"child":' || NEW.quantity_child || '}' ||
    ',"prices":' || COALESCE(NEW.prices, '[]'::jsonb)::text ||
    ',"tour":' || CASE WHEN NEW.tour_id IS NULL THEN 'null'
                  ELSE '{"id":' || to_json(NEW.tour_id)::text || ',"displayId":' || to_json(COALESCE(t_display, ''))::text || '}' END ||
    ',"emailCheckpoints":' || ('{"confirmation":false,"info":false,"review":false,"marketing":false}'::jsonb
                               || COALESCE(NEW.email_checkpoints, '{}'::jsonb))::text ||
    ',"reviewCheckpoints":' || ('{"OTA":false,"TripAdvisor":false,"Google":false,"MyProGuide":false}'::jsonb
                                || COALESCE(NEW.review_checkpoints, '{}'::jsonb))::text;
  RETURN NEW;
END $$;

DROP TRIGGER orders_json_fields ON orders;
CREATE TRIGGER orders_json_fields BEFORE INSERT OR UPDATE OF
  id, team_id, display_id, ota_order_id, ota, departure_at, booked_at, language, product_id, customer_name,
  customer_email, customer_phone, pickup, notes, check_in_state, check_in_arrived, check_in_at, check_in_by_id,
  check_in_by_name, quantity_total, quantity_adult, quantity_child, prices, tour_id, email_checkpoints,
  review_checkpoints, json_fields
  ON orders FOR EACH ROW EXECUTE FUNCTION order_json_fields();

-- The search (migration 009) finds the phone too: its digits only, on a third line, so "+84 912",
-- "84912" and "912 345" all find "+84 912 345 678" through the same trigram index.
CREATE OR REPLACE FUNCTION order_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_fold(NEW.customer_name) || E'\n' || search_fold(NEW.customer_email) ||
    COALESCE(E'\n' || NULLIF(regexp_replace(NEW.customer_phone, '[^0-9]', '', 'g'), ''), '');
  RETURN NEW;
END $$;

DROP TRIGGER orders_search_text ON orders;
CREATE TRIGGER orders_search_text BEFORE INSERT OR UPDATE OF customer_name, customer_email, customer_phone, search_text
  ON orders FOR EACH ROW EXECUTE FUNCTION order_search_text();

-- The statistics' check-ins and no-shows (migration 008's rollup), of orders not canceled (as the
-- tours count them).
ALTER TABLE order_day_counts
  ADD COLUMN checked_in integer NOT NULL DEFAULT 0,
  ADD COLUMN no_show    integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION order_rollup_counts_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO order_day_counts AS c (team_id, basis, day, ota, orders, status_new, status_pending, status_grouped,
                                       status_arranged, status_completed, status_canceled, status_cancel_requested,
                                       linked_canceled, linked_cancel_requested, adult, child, confirmation, info,
                                       checked_in, no_show)
    SELECT team_id, CASE WHEN GROUPING(departure_day) = 0 THEN 'departure' ELSE 'booking' END,
           COALESCE(departure_day, booking_day), ota, %2$s
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

CREATE OR REPLACE FUNCTION order_rollup_rows(relation text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format('SELECT %s AS sign, team_id, ota, status, tour_id, departure_at, booked_at, quantity_adult,'
                ' quantity_child, email_checkpoints, prices, check_in_state FROM %s', sign, relation)
$fn$;

-- The trigger functions again from the new texts (as migration 008 made them).
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

-- Every order's stored members again (the new ones are null or EXPECTED: the rollup's update
-- trigger takes each row away and adds it back, which changes no figure).
UPDATE orders SET json_fields = NULL;

-- A manifest's CSV goes through the export pipeline (filters: the tour, or the product and departure).
ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
ALTER TABLE exports ADD CONSTRAINT exports_kind_check CHECK (kind IN ('orders', 'tours', 'manifest'));

-- OCTO bookings keep the pickups capability's fields ({ pickupRequested, pickupPointId, pickupHotel,
-- pickupHotelRoom }); the order a booking makes carries the contact's phone, the pick-up and the notes.
ALTER TABLE channel_bookings ADD COLUMN pickup jsonb;

CREATE OR REPLACE FUNCTION channel_reserve(
  p_team text, p_product text, p_departs_at timestamptz, p_from timestamptz, p_to timestamptz, p_capacity int,
  p_hold jsonb, OUT used int, OUT clock timestamptz, OUT booking channel_bookings
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
BEGIN
  SELECT l.used, l.clock INTO used, clock FROM channel_lock_departure(p_team, p_product, p_departs_at, p_from, p_to) l;
  IF used + (p_hold->>'pax')::int > p_capacity THEN RETURN; END IF;
  INSERT INTO channel_bookings AS b (uuid, team_id, key_id, channel, supplier_reference, reseller_reference,
      product_id, option_id, availability_id, starts_at, local_date, unit_items, pax, status, utc_expires_at,
      contact, notes, pickup, request_hash)
    VALUES (p_hold->>'uuid', p_team, p_hold->>'keyId', p_hold->>'channel', p_hold->>'supplierReference',
      p_hold->>'resellerReference', p_product, p_hold->>'optionId', p_hold->>'availabilityId', p_departs_at,
      (p_hold->>'localDate')::date, p_hold->'unitItems', (p_hold->>'pax')::int, 'ON_HOLD',
      now() + (p_hold->>'expirationMinutes')::int * interval '1 minute', p_hold->'contact', p_hold->>'notes',
      NULLIF(p_hold->'pickup', 'null'::jsonb), p_hold->>'requestHash')
    ON CONFLICT (uuid) DO NOTHING
    RETURNING b.* INTO booking;
END $$;

CREATE OR REPLACE FUNCTION channel_confirm(
  p_uuid text, p_team text, p_stamp int8, p_from timestamptz, p_to timestamptz, p_prefix text, p_status text,
  p_order jsonb, p_event jsonb, p_booking jsonb, OUT used int, OUT booking channel_bookings
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
DECLARE
  h record;
  clock timestamptz;
  n text;
BEGIN
  SELECT b.product_id, b.starts_at, b.utc_expires_at, b.channel INTO h FROM channel_bookings b
   WHERE b.uuid = p_uuid AND b.team_id = p_team AND b.status = 'ON_HOLD' AND b.order_id IS NULL
     AND (extract(epoch FROM b.updated_at) * 1000000)::int8 = p_stamp
     FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT l.used, l.clock INTO used, clock FROM channel_lock_departure(p_team, h.product_id, h.starts_at, p_from, p_to) l;
  IF h.utc_expires_at <= clock THEN RETURN; END IF;
  n := next_display_number(p_team, 'orders', p_prefix)::text;
  INSERT INTO orders (id, team_id, ota, display_id, ota_order_id, departure_at, booked_at, language, product_id,
      customer_name, customer_email, customer_phone, pickup, notes, quantity_total, quantity_adult, quantity_child,
      prices, status)
    VALUES (p_order->>'id', p_team, h.channel, p_prefix || lpad(n, greatest(6, length(n)), '0'),
      p_order->>'otaOrderId', h.starts_at, now(), p_order->>'language', h.product_id, p_order->>'customerName',
      p_order->>'customerEmail', p_order->>'customerPhone', p_order->>'pickup', p_order->>'notes',
      (p_order->>'adults')::int + (p_order->>'children')::int,
      (p_order->>'adults')::int, (p_order->>'children')::int, p_order->'prices', 'new');
  INSERT INTO event_logs (id, team_id, order_id, type, is_system_event, operated_by_id, operated_by_name, comment,
      timestamp)
    VALUES (p_event->>'id', p_team, p_order->>'id', 'CREATE', false, p_event->>'byId', p_event->>'byName',
      p_event->>'comment', clock_timestamp());
  UPDATE channel_bookings b SET status = p_status, utc_confirmed_at = now(), utc_expires_at = NULL,
      contact = p_booking->'contact', reseller_reference = p_booking->>'resellerReference',
      unit_items = p_booking->'unitItems', order_id = p_order->>'id', updated_at = now()
    WHERE b.uuid = p_uuid
    RETURNING b.* INTO booking;
END $$;

-- Orders deleted before this migration come back (server/repo/deleted-records.ts) EXPECTED, not
-- with a NULL check-in.
UPDATE deleted_records SET row_data = '{"check_in_state": "EXPECTED", "check_in_arrived": 0}'::jsonb || row_data
 WHERE kind = 'order' AND NOT row_data ? 'check_in_state';
