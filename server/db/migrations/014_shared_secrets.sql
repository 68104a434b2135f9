-- Secrets every instance must agree on (the access-token secret, the embedded identity provider's
-- signing and cookie keys) when configuration does not give them: the first instance to start
-- creates each one (INSERT ... ON CONFLICT DO NOTHING) and every instance reads back the one kept.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
