-- A reserve in one round trip when the server knows the product already: it sends the fingerprint of
-- the product as it read it before (its name, the team's timezone and its schedule), and the reserve
-- holds nothing and answers `stale` when the stored product is not that one any more (changed through
-- any instance, no longer sold, or gone): the server then reads it again and reserves once more. A
-- reserve without a fingerprint (the product just read) checks nothing. The uuid of a retry is found by
-- the insert itself (ON CONFLICT: `booking` is null, as when the places are not there).

CREATE FUNCTION channel_product_fingerprint(name text, timezone text, schedule jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT md5(name || '/' || timezone || '/' || schedule::text) $$;

DROP FUNCTION channel_reserve(text, text, timestamptz, timestamptz, timestamptz, int, jsonb);

CREATE FUNCTION channel_reserve(
  p_team text, p_product text, p_departs_at timestamptz, p_from timestamptz, p_to timestamptz, p_capacity int,
  p_hold jsonb, p_fingerprint text, OUT used int, OUT clock timestamptz, OUT booking channel_bookings, OUT stale boolean
) LANGUAGE plpgsql VOLATILE SET plan_cache_mode = auto AS $$
BEGIN
  stale := p_fingerprint IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM products p JOIN teams t ON t.id = p.team_id
     WHERE p.team_id = p_team AND p.id = p_product AND p.schedule IS NOT NULL
       AND channel_product_fingerprint(p.name, t.timezone, p.schedule) = p_fingerprint);
  IF stale THEN RETURN; END IF;
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

-- The booking a confirmation reads, with the display number of its order taken in the same statement
-- when the hold may still become one (ON_HOLD, no order, not run out): the counter's row is
-- locked for this short statement only, not while the order is written. The statechart still decides
-- on the booking as read; a number taken for a write that then does not happen is not given again.
CREATE FUNCTION channel_booking_number(p_status text, p_order text, p_expires timestamptz, p_team text,
                                       p_code text) RETURNS bigint
LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN p_status = 'ON_HOLD' AND p_order IS NULL AND p_expires > clock_timestamp()
              THEN take_display_numbers(p_team, 'orders', p_code || '-', 1) END
$$;
