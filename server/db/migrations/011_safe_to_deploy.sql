-- Safe to deploy (issue 21): sign-in codes, shared rate limits, revoked tokens, invitations and the
-- members' history, e-mails that are not about an order, recoverable deletes, guides per team, and
-- users known by e-mail before their first sign-in (the first platform admin).

-- The embedded provider in production signs in with a one-time code sent by e-mail.
CREATE TABLE sign_in_codes (
  id               text PRIMARY KEY,
  email            text NOT NULL,               -- lower-case
  interaction_uid  text NOT NULL,               -- the provider's sign-in interaction it answers
  code_hash        text NOT NULL,               -- sha256 of the code; the code itself is only e-mailed
  attempts         integer NOT NULL DEFAULT 0,  -- wrong codes typed against it
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_codes_interaction ON sign_in_codes (interaction_uid, created_at DESC);

-- Fixed-window counters, in the database so that every instance on one PostgreSQL shares them.
CREATE TABLE rate_limits (
  bucket        text NOT NULL,                  -- e.g. 'signin:ip:127.0.0.1'
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

-- Access tokens ended by a logout, kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti         text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);

-- A user may exist before signing in for the first time (named by `npm run admin`, or invited):
-- the first sign-in with a verified e-mail binds issuer and subject.
ALTER TABLE users ALTER COLUMN issuer DROP NOT NULL;
ALTER TABLE users ALTER COLUMN subject DROP NOT NULL;

CREATE TABLE invitations (
  id               text PRIMARY KEY,
  team_id          text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email            text NOT NULL,               -- lower-case
  role             text NOT NULL CHECK (role IN ('ADMIN', 'EDITOR', 'MEMBER')),
  token_hash       text NOT NULL UNIQUE,        -- sha256 of the link's token
  invited_by       text NOT NULL,
  invited_by_name  text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  accepted_at      timestamptz,
  accepted_by      text,
  revoked_at       timestamptz
);
-- At most one open invitation per team and address (inviting again revokes the older one first).
CREATE UNIQUE INDEX invitations_open ON invitations (team_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Every change to a team's members: who, when, what.
CREATE TABLE member_events (
  id          text PRIMARY KEY,
  team_id     text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('INVITED', 'INVITATION_REVOKED', 'JOINED', 'ROLE_CHANGED', 'REMOVED')),
  actor_id    text,                             -- null: nobody in the app (the admin command)
  actor_name  text,
  email       text NOT NULL,
  name        text,
  from_role   text,
  to_role     text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_events_team ON member_events (team_id, created_at DESC, id);

-- The outbox also carries e-mails that are about no order (invitations).
ALTER TABLE email_messages ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE email_messages DROP CONSTRAINT email_messages_type_check;
ALTER TABLE email_messages ADD CONSTRAINT email_messages_type_check
  CHECK (type IN ('CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY', 'INVITATION'));

-- Deleted orders and tours, restorable for 30 days: the row as it was, out of every list, count
-- and rollup (they read `orders` and `tours` only).
CREATE TABLE deleted_records (
  kind               text NOT NULL CHECK (kind IN ('order', 'tour')),
  id                 text NOT NULL,
  team_id            text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  display_id         text NOT NULL,
  name               text NOT NULL,             -- the order's customer or the tour's name
  departure_at       timestamptz,
  row_data           jsonb NOT NULL,            -- to_jsonb of the row when it was deleted
  unlinked_order_ids text[] NOT NULL DEFAULT '{}', -- a tour's orders its deletion unlinked
  deleted_by         text NOT NULL,
  deleted_by_name    text NOT NULL,
  deleted_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
CREATE INDEX deleted_records_team ON deleted_records (team_id, deleted_at DESC);

-- Guides belong to a team: their e-mail and phone are that team's business. A guide of the shared
-- directory of before becomes a guide of every team that exists, so nobody loses one.
ALTER TABLE guides ADD COLUMN team_id text REFERENCES teams(id) ON DELETE CASCADE;
INSERT INTO guides (id, team_id, name, email, phone, languages, location)
  SELECT g.id || '-' || t.id, t.id, g.name, g.email, g.phone, g.languages, g.location
    FROM guides g CROSS JOIN teams t WHERE g.team_id IS NULL;
DELETE FROM guides WHERE team_id IS NULL;
ALTER TABLE guides ALTER COLUMN team_id SET NOT NULL;
CREATE INDEX guides_team ON guides (team_id, lower(name), id);
