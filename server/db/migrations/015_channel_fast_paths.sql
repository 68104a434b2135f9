-- Fewer round trips for the channel's reserve and confirm (and every creator of display ids).
-- Both functions take a lock and THEN read: a VOLATILE plpgsql function runs each of its statements
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
) LANGUAGE plpgsql VOLATILE AS $$
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
LANGUAGE plpgsql VOLATILE AS $$
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
