-- Fewer round trips for the channel's reserve and confirm (and every creator of display ids).
-- Every function here takes a lock and THEN reads: a VOLATILE plpgsql function runs each of its statements
-- with a fresh snapshot, so what it reads after the lock includes every transaction that held the
-- lock before. A plain statement reads with the snapshot of its start (before any wait for a lock),
-- which is why the lock and the count were two statements before.

-- Serialises the writers of one departure until the transaction ends (a transaction-scoped advisory
-- lock on team/product/start), then counts the places used in [from_at, to_at): the team's orders of
-- the product from every source (canceled ones free their places) and the channel's live holds (a hold
-- stops counting at its utc_expires_at; a confirmed booking counts through its order). `clock` is the
-- database's time once the lock is held: what expiry and cut-off rules compare with.
CREATE FUNCTION channel_lock_departure(
  team text, product text, departs_at timestamptz, from_at timestamptz, to_at timestamptz,
  OUT clock timestamptz, OUT used int
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(team || '/' || product || '/' || to_char(departs_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 0));
  clock := clock_timestamp();
  SELECT COALESCE((SELECT sum(o.quantity_total) FROM orders o
                    WHERE o.team_id = team AND o.product_id = product AND o.status <> 'canceled'
                      AND o.departure_at >= from_at AND o.departure_at < to_at), 0)
       + COALESCE((SELECT sum(b.pax) FROM channel_bookings b
                    WHERE b.team_id = team AND b.product_id = product AND b.status = 'ON_HOLD'
                      AND b.starts_at >= from_at AND b.starts_at < to_at
                      AND b.utc_expires_at > clock AND b.order_id IS NULL), 0)
    INTO used;
END $$;

-- The next display number of a team's orders or tours (prefix + the number, e.g. KH-000123): one
-- past the highest number in use or deleted (a deleted record keeps its number, so restoring it never
-- meets a newer record with the same id). Locks the team row first, so creators in one team take turns
-- until their transactions end. The highest number in use is the first entry of the team in its index
-- of display numbers (migration 012), whatever the planner's statistics say (the embedded database
-- has no autovacuum to keep them); only when that entry has another prefix (the team's code changed)
-- are the team's records scanned. The deleted ones are few.
CREATE FUNCTION next_display_number(team text, tbl text, prefix text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
DECLARE
  top_id text;
  live bigint;
  deleted bigint;
BEGIN
  PERFORM 1 FROM teams WHERE id = team FOR UPDATE;
  IF tbl = 'orders' THEN
    SELECT display_id, substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint INTO top_id, live FROM orders
     WHERE team_id = team
     ORDER BY substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint DESC NULLS LAST LIMIT 1;
    IF left(top_id, length(prefix)) <> prefix THEN
      SELECT max(substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint) INTO live FROM orders
       WHERE team_id = team AND left(display_id, length(prefix)) = prefix;
    END IF;
  ELSIF tbl = 'tours' THEN
    SELECT display_id, substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint INTO top_id, live FROM tours
     WHERE team_id = team
     ORDER BY substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint DESC NULLS LAST LIMIT 1;
    IF left(top_id, length(prefix)) <> prefix THEN
      SELECT max(substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint) INTO live FROM tours
       WHERE team_id = team AND left(display_id, length(prefix)) = prefix;
    END IF;
  ELSE
    RAISE EXCEPTION 'next_display_number: unknown table %', tbl;
  END IF;
  SELECT max(substring(display_id FROM length(prefix) + 1)::bigint) INTO deleted FROM deleted_records
   WHERE team_id = team AND kind = CASE tbl WHEN 'orders' THEN 'order' ELSE 'tour' END
     AND display_id ~ ('^' || prefix || '[0-9]{1,15}$');
  RETURN GREATEST(COALESCE(live, 0), COALESCE(deleted, 0)) + 1;
END $$;

-- The channel's two busiest writes as functions, so that their statements are prepared once per
-- connection and reuse their plans (the server's own statements are planned anew on every run:
-- plan_cache_mode=force_custom_plan, for the lists), and each is one round trip.

-- A reserve: locks the departure and counts its places after the lock (channel_lock_departure),
-- then inserts the hold only if p_capacity leaves room for its pax. The lock is held until the
-- caller's transaction ends (a single statement's: concurrent reserves of one departure take turns
-- and each counts the holds of those before it). `booking` is null when the places were not there or
-- the uuid was taken meanwhile.
CREATE FUNCTION channel_reserve(
  p_team text, p_product text, p_departs_at timestamptz, p_from timestamptz, p_to timestamptz, p_capacity int,
  p_hold jsonb, OUT used int, OUT clock timestamptz, OUT booking channel_bookings
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
BEGIN
  SELECT l.used, l.clock INTO used, clock FROM channel_lock_departure(p_team, p_product, p_departs_at, p_from, p_to) l;
  IF used + (p_hold->>'pax')::int > p_capacity THEN RETURN; END IF;
  INSERT INTO channel_bookings AS b (uuid, team_id, key_id, channel, supplier_reference, reseller_reference,
      product_id, option_id, availability_id, starts_at, local_date, unit_items, pax, status, utc_expires_at,
      contact, notes, request_hash)
    VALUES (p_hold->>'uuid', p_team, p_hold->>'keyId', p_hold->>'channel', p_hold->>'supplierReference',
      p_hold->>'resellerReference', p_product, p_hold->>'optionId', p_hold->>'availabilityId', p_departs_at,
      (p_hold->>'localDate')::date, p_hold->'unitItems', (p_hold->>'pax')::int, 'ON_HOLD',
      now() + (p_hold->>'expirationMinutes')::int * interval '1 minute', p_hold->'contact', p_hold->>'notes',
      p_hold->>'requestHash')
    ON CONFLICT (uuid) DO NOTHING
    RETURNING b.* INTO booking;
END $$;

-- A confirmation: locks the booking, then its departure (which also counts the places), and writes
-- only if the booking is still the hold that was read (p_stamp: its updated_at in microseconds,
-- ON_HOLD, no order) and still live by the database's clock under the departure's lock (what the
-- booking statechart's holdIsLive says). Then the display number (next_display_number takes the
-- team's turn), the order, its CREATE event and the booking's new state. `booking` is null when
-- nothing was written. A reference the team's OTA has already fails on orders_team_ota_order.
CREATE FUNCTION channel_confirm(
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
      customer_name, customer_email, quantity_total, quantity_adult, quantity_child, prices, status)
    VALUES (p_order->>'id', p_team, h.channel, p_prefix || lpad(n, greatest(6, length(n)), '0'),
      p_order->>'otaOrderId', h.starts_at, now(), p_order->>'language', h.product_id, p_order->>'customerName',
      p_order->>'customerEmail', (p_order->>'adults')::int + (p_order->>'children')::int,
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
