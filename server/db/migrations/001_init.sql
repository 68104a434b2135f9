-- Tourdesk schema. Every team-owned row carries team_id and every list index leads with it,
-- then the sort key, then id, so keyset paging never scans with OFFSET.

CREATE TABLE teams (
  id            text PRIMARY KEY,
  code          text NOT NULL,                 -- country code (VN, JP, FR, XX...)
  name          text NOT NULL,
  timezone      text NOT NULL,
  continent     text NOT NULL,
  avatar_url    text,
  ota_accounts  jsonb NOT NULL DEFAULT '[]',   -- list of OTA e-mail accounts chosen for the team
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id          text PRIMARY KEY,
  email       text NOT NULL UNIQUE,            -- stored lower-case
  name        text NOT NULL,
  avatar_url  text,
  issuer      text NOT NULL,
  subject     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer, subject)
);

CREATE TABLE memberships (
  user_id  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  team_id  text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  role     text NOT NULL CHECK (role IN ('ADMIN', 'EDITOR', 'MEMBER')),
  PRIMARY KEY (user_id, team_id)
);
CREATE INDEX memberships_team ON memberships (team_id);

-- Organization created during onboarding; owns the team it creates.
CREATE TABLE orgs (
  id           text PRIMARY KEY,
  display_id   text NOT NULL UNIQUE,
  name         text NOT NULL,
  owner_id     text NOT NULL REFERENCES users(id),
  team_id      text REFERENCES teams(id),
  plan         text,
  information  jsonb NOT NULL DEFAULT '{}',    -- serviceCountry, serviceCity, pointOfContact
  stage        integer NOT NULL DEFAULT 2 CHECK (stage BETWEEN 1 AND 7),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id            text NOT NULL,
  team_id       text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name          text NOT NULL,
  route         text NOT NULL,
  pack          text,
  mail_content  jsonb NOT NULL DEFAULT '{}',   -- { KLOOK: { subject, body }, ... } per OTA
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, id)
);
CREATE INDEX products_team_name ON products (team_id, name, id);

CREATE TABLE tours (
  id            text PRIMARY KEY,
  team_id       text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  display_id    text NOT NULL,
  display_name  text NOT NULL,
  departure_at  timestamptz NOT NULL,
  product_id    text,
  prices        jsonb NOT NULL DEFAULT '[]',   -- [{ type, amount, currency }]
  status        text NOT NULL,
  version       integer NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tours_team_departure ON tours (team_id, departure_at, id);
CREATE INDEX tours_team_status_departure ON tours (team_id, status, departure_at, id);
CREATE UNIQUE INDEX tours_team_display ON tours (team_id, display_id);

CREATE TABLE orders (
  id                  text PRIMARY KEY,
  team_id             text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  display_id          text NOT NULL,
  ota                 text NOT NULL CHECK (ota IN ('KLOOK', 'KKDAY', 'VIATOR', 'MPG')),
  ota_order_id        text NOT NULL,
  departure_at        timestamptz NOT NULL,
  booked_at           timestamptz NOT NULL,
  language            text NOT NULL,
  product_id          text NOT NULL,
  customer_name       text NOT NULL,
  customer_email      text NOT NULL,
  quantity_total      integer NOT NULL,
  quantity_adult      integer NOT NULL,
  quantity_child      integer NOT NULL,
  prices              jsonb NOT NULL DEFAULT '[]',
  tour_id             text REFERENCES tours(id) ON DELETE SET NULL,
  status              text NOT NULL,
  email_checkpoints   jsonb NOT NULL DEFAULT '{"confirmation":false,"info":false,"review":false,"marketing":false}',
  review_checkpoints  jsonb NOT NULL DEFAULT '{"OTA":false,"TripAdvisor":false,"Google":false,"MyProGuide":false}',
  version             integer NOT NULL DEFAULT 1,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_team_departure ON orders (team_id, departure_at, id);
CREATE INDEX orders_team_booked ON orders (team_id, booked_at, id);
CREATE INDEX orders_team_status_departure ON orders (team_id, status, departure_at, id);
CREATE INDEX orders_team_ota_order ON orders (team_id, ota_order_id);
CREATE UNIQUE INDEX orders_team_display ON orders (team_id, display_id);
CREATE INDEX orders_tour ON orders (tour_id);

-- Append-only: status moves, edits, links, emails and comments, with who and when.
CREATE TABLE event_logs (
  id               text PRIMARY KEY,
  team_id          text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  order_id         text,
  tour_id          text,
  type             text NOT NULL,              -- COMMENT, STATUS, EDIT, LINK, UNLINK, EMAIL, CREATE
  is_system_event  boolean NOT NULL DEFAULT false,
  operated_by_id   text,
  operated_by_name text,
  comment          text,
  data             jsonb,
  timestamp        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_logs_order ON event_logs (order_id, timestamp);
CREATE INDEX event_logs_tour ON event_logs (tour_id, timestamp);

CREATE TABLE feature_flags (
  id             text PRIMARY KEY,
  name           text NOT NULL,
  description    text NOT NULL,
  teams          jsonb NOT NULL DEFAULT '[]',  -- country codes the flag is on for
  default_state  boolean NOT NULL DEFAULT false
);

CREATE TABLE guides (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  email      text NOT NULL,
  phone      text,
  languages  jsonb NOT NULL DEFAULT '[]',
  location   text NOT NULL
);

CREATE TABLE advertisements (
  id          text PRIMARY KEY,
  team_id     text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  tag         text,
  title       text NOT NULL DEFAULT '',
  image_url   text,
  link_url    text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advertisements_team ON advertisements (team_id, created_at, id);

CREATE TABLE advertisement_groups (
  id          text PRIMARY KEY,
  team_id     text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  tag         text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advertisement_groups_team ON advertisement_groups (team_id, created_at, id);

CREATE TABLE advertisement_group_items (
  group_id          text NOT NULL REFERENCES advertisement_groups(id) ON DELETE CASCADE,
  advertisement_id  text NOT NULL REFERENCES advertisements(id) ON DELETE CASCADE,
  position          integer NOT NULL,
  PRIMARY KEY (group_id, advertisement_id)
);

-- CSV exports: the signed download link names a row here.
CREATE TABLE exports (
  id          text PRIMARY KEY,
  team_id     text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('orders', 'tours')),
  filters     jsonb NOT NULL,
  created_by  text NOT NULL,
  message     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Every e-mail the server sends (or would send) is recorded here first.
CREATE TABLE outbox (
  id          text PRIMARY KEY,
  team_id     text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  order_id    text,
  type        text NOT NULL,
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);

-- Embedded identity provider storage (sessions, codes, grants...), so a restart forgets nothing.
CREATE TABLE oidc_payloads (
  id           text NOT NULL,
  kind         text NOT NULL,
  payload      jsonb NOT NULL,
  grant_id     text,
  user_code    text,
  uid          text,
  expires_at   timestamptz,
  consumed_at  timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid);

-- ID-token nonces already exchanged: a nonce is good for one sign-in only.
CREATE TABLE used_nonces (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
