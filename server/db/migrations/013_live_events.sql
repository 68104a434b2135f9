-- The live event log (server/live/): one row per team per statement that changed orders, tours, the
-- channel inbox, e-mail messages or channel bookings, written by triggers in the writer's own
-- transaction, so a change is published exactly when (and only if) it commits, whichever code path
-- or instance made it. Readers deliver only rows of finished transactions
-- (tx < pg_snapshot_xmin(pg_current_snapshot())) in (tx, id) order: ids of a sequence commit out of
-- order, transaction ids below the snapshot's xmin never gain a row again, so a cursor (tx, id)
-- never has a row appear behind it. Rows are kept 24 hours (a resume after that is a reset).
CREATE TABLE live_events (
  id       bigserial PRIMARY KEY,
  tx       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  team_id  text NOT NULL,   -- no foreign key: the log outlives a deleted team's last rows
  topic    text NOT NULL,   -- orders, tours, inbox, emails, bookings
  op       text NOT NULL,   -- insert, update, delete
  ids      text[] NOT NULL, -- emails: the ORDER ids of the messages
  at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_tx ON live_events (tx, id);
CREATE INDEX live_events_at ON live_events (at);

-- A first row (of no team), so that the log is never empty: a cursor is always a row that exists,
-- and retention keeps its newest old row (server/live/rows.ts), so a cursor that is gone was pruned.
INSERT INTO live_events (team_id, topic, op, ids) VALUES ('', 'start', 'insert', '{}');

-- Every new row wakes the feeds of all instances (the payload is its id; the feed reads the rows).
CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('tourdesk_live', NEW.id::text);
  RETURN NULL;
END $fn$;
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION live_events_notify();

-- One trigger function per table and operation, made from one template: a statement's changed rows
-- (its transition table) grouped by team, one row per team; a statement that changed no row writes
-- nothing. Static SQL (no EXECUTE): planned once per session, like migration 008's rollup triggers.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT * FROM (VALUES
      ('orders', 'orders', 'insert', 'new_rows', 'id'),
      ('orders', 'orders', 'update', 'new_rows', 'id'),
      ('orders', 'orders', 'delete', 'old_rows', 'id'),
      ('tours', 'tours', 'insert', 'new_rows', 'id'),
      ('tours', 'tours', 'update', 'new_rows', 'id'),
      ('tours', 'tours', 'delete', 'old_rows', 'id'),
      ('channel_inbox', 'inbox', 'insert', 'new_rows', 'id'),
      ('channel_inbox', 'inbox', 'update', 'new_rows', 'id'),
      ('email_messages', 'emails', 'insert', 'new_rows', 'DISTINCT order_id'),
      ('email_messages', 'emails', 'update', 'new_rows', 'DISTINCT order_id'),
      ('channel_bookings', 'bookings', 'insert', 'new_rows', 'uuid'),
      ('channel_bookings', 'bookings', 'update', 'new_rows', 'uuid')
    ) AS v(tbl, topic, op, rel, col)
  LOOP
    EXECUTE format(
      'CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql SET jit = off AS %L',
      format('live_%s_%s', t.tbl, t.op),
      format('BEGIN
                INSERT INTO live_events (team_id, topic, op, ids)
                SELECT team_id, %L, %L, array_agg(%s) FROM %s GROUP BY team_id ORDER BY team_id;
                RETURN NULL;
              END', t.topic, t.op, t.col, t.rel));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      format('%s_live_%s', t.tbl, t.op), upper(t.op), t.tbl,
      CASE WHEN t.rel = 'new_rows' THEN 'NEW' ELSE 'OLD' END, t.rel,
      format('live_%s_%s', t.tbl, t.op));
  END LOOP;
END $do$;
