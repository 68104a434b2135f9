-- The durable e-mail outbox. A send request renders its messages and inserts them here in one
-- transaction (queued); a worker in any server process claims due rows with FOR UPDATE SKIP
-- LOCKED (sending, with a lease until next_attempt_at), delivers them, and records sent, or
-- queued again with a later next_attempt_at, or failed with the reason. A process that dies while
-- sending leaves its rows to be claimed again once the lease has run out.
CREATE TABLE email_messages (
  id               text PRIMARY KEY,            -- UUID v7, also the Message-ID <id@tourdesk>
  team_id          text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  order_id         text NOT NULL,               -- no foreign key: the record outlives a deleted order
  type             text NOT NULL CHECK (type IN ('CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY')),
  recipient        text NOT NULL,
  subject          text NOT NULL,
  text_body        text NOT NULL,            -- the HTML part is made from it (server/email/html.ts)
  state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  -- queued: when it is due; sending: when the claim's lease runs out; NULL once sent or failed
  next_attempt_at  timestamptz DEFAULT now(),
  claim_token      text,                        -- the claim that holds it while sending
  last_error       text,
  created_by       text NOT NULL,
  created_by_name  text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
-- What workers look for: only unfinished rows are in it, so it stays small however much was sent.
CREATE INDEX email_messages_due ON email_messages (next_attempt_at, id) WHERE state IN ('queued', 'sending');
-- An order's messages (its side panel, and the checks of a send).
CREATE INDEX email_messages_order ON email_messages (order_id, created_at);
-- At most one unfinished message of a type per order: two sends racing for one order queue one.
CREATE UNIQUE INDEX email_messages_one_pending ON email_messages (order_id, type) WHERE state IN ('queued', 'sending');

-- The answer to each send request by its Idempotency-Key, so a repeated request answers the same
-- and queues nothing. Kept for a week (the worker deletes older ones).
CREATE TABLE email_requests (
  team_id          text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  idempotency_key  text NOT NULL,
  user_id          text NOT NULL,
  request_hash     text NOT NULL,               -- sha256 of the e-mail type and the body
  response         jsonb,                       -- set before the request's transaction commits
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, idempotency_key)
);
CREATE INDEX email_requests_created ON email_requests (created_at);

-- Messages of the outbox this table replaces: sent ones as sent, the others as failed (they were
-- sent inside their request, which reported the failure).
INSERT INTO email_messages (id, team_id, order_id, type, recipient, subject, text_body, state, attempts,
                            next_attempt_at, last_error, created_by, created_by_name, created_at, sent_at)
SELECT o.id, o.team_id, o.order_id, o.type, o.recipient, o.subject, o.body, CASE WHEN o.sent_at IS NULL THEN 'failed' ELSE 'sent' END, 1,
       NULL, CASE WHEN o.sent_at IS NULL THEN 'Not delivered (sent before the outbox kept retrying)' END,
       o.created_by, COALESCE(u.name, ''), o.created_at, o.sent_at
  FROM outbox o LEFT JOIN users u ON u.id = o.created_by
 WHERE o.order_id IS NOT NULL
   AND o.type IN ('CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY');
DROP TABLE outbox;

-- The demo seed named a variable that never existed ({{departureAt}}), which rendered empty:
-- "Your tour departs on .". Name the ones that do.
UPDATE products
   SET mail_content = replace(mail_content::text, '{{departureAt}}', '{{ departureDate }} at {{ departureTime }}')::jsonb
 WHERE mail_content::text LIKE '%{{departureAt}}%';
