-- The OCTO channel: API keys per team and channel, what a reseller needs to sell a product,
-- bookings (holds) against capacity, the inbox of what needs a person, and one order per OTA order.

-- API keys a team hands to an OTA; only the key's SHA-256 is kept.
CREATE TABLE channel_keys (
  id            text PRIMARY KEY,
  team_id       text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  channel       text NOT NULL CHECK (channel IN ('KLOOK', 'KKDAY', 'VIATOR', 'MPG')),
  name          text NOT NULL,
  prefix        text NOT NULL,                 -- the key's first characters, to tell keys apart
  key_hash      text NOT NULL UNIQUE,
  created_by_id text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz,
  revoked_by_id text
);
CREATE INDEX channel_keys_team ON channel_keys (team_id, created_at DESC, id);

-- A product's schedule (shared/schedule.ts): options, units and prices, availability type, start
-- times or opening hours, capacity, cut-offs, closed dates. NULL: not sold through the channel.
ALTER TABLE products ADD COLUMN schedule jsonb;

-- A channel's booking, from reserve on. uuid is the reseller's idempotency key.
CREATE TABLE channel_bookings (
  uuid               text PRIMARY KEY,
  team_id            text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  key_id             text NOT NULL REFERENCES channel_keys(id),
  channel            text NOT NULL,
  supplier_reference text NOT NULL UNIQUE,
  reseller_reference text,
  product_id         text NOT NULL,
  option_id          text NOT NULL,
  availability_id    text NOT NULL,            -- the departure's local start, as OCTO shows it
  starts_at          timestamptz NOT NULL,     -- the departure in UTC
  local_date         date NOT NULL,
  unit_items         jsonb NOT NULL,           -- [{ uuid, unitId, resellerReference }]
  pax                integer NOT NULL CHECK (pax > 0),
  status             text NOT NULL CHECK (status IN ('ON_HOLD', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REDEEMED')),
  utc_expires_at     timestamptz,
  utc_confirmed_at   timestamptz,
  utc_redeemed_at    timestamptz,
  contact            jsonb NOT NULL DEFAULT '{}',
  notes              text,
  cancellation       jsonb,                    -- { refund, reason, utcCancelledAt }
  request_hash       text NOT NULL,            -- the reserve request, to tell a retry from a reuse
  order_id           text REFERENCES orders(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- live holds of a departure (what capacity counts besides orders) and their expiry
CREATE INDEX channel_bookings_holds ON channel_bookings (team_id, product_id, starts_at) WHERE status = 'ON_HOLD';
CREATE INDEX channel_bookings_expiry ON channel_bookings (utc_expires_at) WHERE status = 'ON_HOLD';
CREATE INDEX channel_bookings_reseller ON channel_bookings (team_id, reseller_reference);
CREATE INDEX channel_bookings_date ON channel_bookings (team_id, local_date);
CREATE INDEX channel_bookings_order ON channel_bookings (order_id);

-- Orders on a departure, for capacity (canceled ones free their places); the places ride along
-- so the count is an index-only scan.
CREATE INDEX orders_team_product_departure ON orders (team_id, product_id, departure_at) INCLUDE (quantity_total)
  WHERE status <> 'canceled';

-- What came from the channels and needs a person.
CREATE TABLE channel_inbox (
  id                   text PRIMARY KEY,
  team_id              text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind                 text NOT NULL CHECK (kind IN ('AMENDMENT', 'CANCELLATION', 'REFUSED')),
  channel              text NOT NULL CHECK (channel IN ('KLOOK', 'KKDAY', 'VIATOR', 'MPG')),
  source               text NOT NULL CHECK (source IN ('OCTO', 'IMPORT')),
  order_id             text REFERENCES orders(id) ON DELETE SET NULL,
  booking_uuid         text,
  reference            text,                   -- the OTA's order id / reseller reference
  changes              jsonb,                  -- AMENDMENT: [{ field, from, to }]
  reason               text,                   -- CANCELLATION: the reason; REFUSED: the message
  error_code           text,                   -- REFUSED: the code answered
  request              jsonb,                  -- REFUSED: the request as received
  created_at           timestamptz NOT NULL DEFAULT now(),
  acknowledged_at      timestamptz,
  acknowledged_by_id   text,
  acknowledged_by_name text
);
CREATE INDEX channel_inbox_team ON channel_inbox (team_id, created_at DESC, id);
CREATE INDEX channel_inbox_open ON channel_inbox (team_id, created_at DESC, id) WHERE acknowledged_at IS NULL;
CREATE INDEX channel_inbox_order ON channel_inbox (order_id);

-- The number of a display id such as VN-000123 (NULL for any other form), highest first: the next
-- display id is one index probe, not a scan of the team's orders (a channel confirms one at a time).
CREATE INDEX orders_team_display_number ON orders
  (team_id, (substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint) DESC NULLS LAST);
CREATE INDEX tours_team_display_number ON tours
  (team_id, (substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint) DESC NULLS LAST);

-- One order per OTA order id in a team. Orders that a race already duplicated keep every value;
-- the later ones get their display id appended to the OTA order id, so the index can hold.
WITH ranked AS (
  SELECT id, display_id,
         row_number() OVER (PARTITION BY team_id, ota, upper(ota_order_id) ORDER BY created_at, id) AS n
    FROM orders
)
UPDATE orders o SET ota_order_id = o.ota_order_id || ' (duplicate ' || r.display_id || ')'
  FROM ranked r WHERE r.id = o.id AND r.n > 1;
CREATE UNIQUE INDEX orders_team_ota_order ON orders (team_id, ota, upper(ota_order_id));

-- A queued e-mail whose order the channel cancelled before it went is withdrawn, never sent.
ALTER TABLE email_messages DROP CONSTRAINT email_messages_state_check;
ALTER TABLE email_messages ADD CONSTRAINT email_messages_state_check
  CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'withdrawn'));
