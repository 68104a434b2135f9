-- Display numbers (KH-000123, T-000045) are taken from a counter per team, table and prefix instead of
-- under the team row's lock until the creating transaction ends. With that lock every creator of a
-- team took turns for its whole transaction, commit included, and every insert that checks a foreign
-- key to the team (FOR KEY SHARE) waited behind it: the channel's confirmations queued one after the
-- other and its reserves behind them. A counter row is locked only by those taking numbers, and a
-- confirmation takes its number in a statement of its own before it writes, so the lock lasts that
-- statement. Numbers stay unique and are never given twice; one taken by a transaction that then
-- writes nothing (a confirmation refused after it took its number) is not given again.

CREATE TABLE display_numbers (
  team_id      text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  record_table text NOT NULL CHECK (record_table IN ('orders', 'tours')),
  id_prefix    text NOT NULL,
  last_number  bigint NOT NULL,
  PRIMARY KEY (team_id, record_table, id_prefix)
);

-- The first of `how_many` new numbers: past the counter and past the highest number in use or deleted
-- with this prefix (records numbered otherwise, e.g. imported with their own display id, and the
-- records made before this migration). The highest in use is the team's first entry in its index of
-- display numbers (migration 012), whatever the planner's statistics say; only when that entry has
-- another prefix (the team's code changed) are the team's records scanned. The deleted ones are few.
-- The counter's row is locked until the caller's transaction ends.
CREATE FUNCTION take_display_numbers(team text, tbl text, prefix text, how_many int) RETURNS bigint
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
DECLARE
  top_id text;
  live bigint;
  deleted bigint;
  first bigint;
BEGIN
  IF how_many < 1 THEN RAISE EXCEPTION 'take_display_numbers: how_many must be at least 1'; END IF;
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
    RAISE EXCEPTION 'take_display_numbers: unknown table %', tbl;
  END IF;
  SELECT max(substring(display_id FROM length(prefix) + 1)::bigint) INTO deleted FROM deleted_records
   WHERE team_id = team AND kind = CASE tbl WHEN 'orders' THEN 'order' ELSE 'tour' END
     AND display_id ~ ('^' || prefix || '[0-9]{1,15}$');
  INSERT INTO display_numbers AS d (team_id, record_table, id_prefix, last_number)
    VALUES (team, tbl, prefix, GREATEST(COALESCE(live, 0), COALESCE(deleted, 0)) + how_many)
    ON CONFLICT (team_id, record_table, id_prefix)
    DO UPDATE SET last_number = GREATEST(d.last_number, EXCLUDED.last_number - how_many) + how_many
    RETURNING d.last_number - how_many + 1 INTO first;
  RETURN first;
END $$;

-- The channel's confirmation gets its display id from the caller (taken just before, in its own
-- statement) instead of numbering under the team's lock.
DROP FUNCTION channel_confirm(text, text, int8, timestamptz, timestamptz, text, text, jsonb, jsonb, jsonb);
DROP FUNCTION next_display_number(text, text, text);

CREATE FUNCTION channel_confirm(
  p_uuid text, p_team text, p_stamp int8, p_from timestamptz, p_to timestamptz, p_display_id text, p_status text,
  p_order jsonb, p_event jsonb, p_booking jsonb, OUT used int, OUT booking channel_bookings
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
DECLARE
  h record;
  clock timestamptz;
BEGIN
  SELECT b.product_id, b.starts_at, b.utc_expires_at, b.channel INTO h FROM channel_bookings b
   WHERE b.uuid = p_uuid AND b.team_id = p_team AND b.status = 'ON_HOLD' AND b.order_id IS NULL
     AND (extract(epoch FROM b.updated_at) * 1000000)::int8 = p_stamp
     FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT l.used, l.clock INTO used, clock FROM channel_lock_departure(p_team, h.product_id, h.starts_at, p_from, p_to) l;
  IF h.utc_expires_at <= clock THEN RETURN; END IF;
  INSERT INTO orders (id, team_id, ota, display_id, ota_order_id, departure_at, booked_at, language, product_id,
      customer_name, customer_email, customer_phone, pickup, notes, quantity_total, quantity_adult, quantity_child,
      prices, status)
    VALUES (p_order->>'id', p_team, h.channel, p_display_id,
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
