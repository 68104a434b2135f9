-- Search of orders (q on the list and the counts): a prefix of the display id or of the OTA order id,
-- or text contained in the customer's name or e-mail, regardless of case and accents.

-- Trigrams index "contains" matches (LIKE '%text%'). In schema public by name, so that every schema
-- of the database (the server suite runs one per test file) finds the same operator class.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- The folding of both the stored text and the searched one, the same on every database: canonical
-- decomposition with the combining marks removed ("Nguyễn" -> "Nguyen"), white space runs as one
-- space, lower case by ICU's root locale (lower() alone follows the database's LC_CTYPE: under C it
-- leaves "Đ" or "И" as they are), then the letters with a stroke that decomposition keeps.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN translate(
  lower(btrim(regexp_replace(
    regexp_replace(normalize(value, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
    '\s+', ' ', 'g')) COLLATE "und-x-icu"),
  'đøłħŧ', 'dolht');

-- Name and e-mail folded, one line each (a search never matches across the two: the searched text
-- has no line break). Kept by a trigger that fires only when they are written, so a status move
-- (migration 003: HOT updates) never computes it; the column is listed too, so no writer can set it
-- to anything else.
ALTER TABLE orders ADD COLUMN search_text text;

CREATE FUNCTION order_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_fold(NEW.customer_name) || E'\n' || search_fold(NEW.customer_email);
  RETURN NEW;
END $$;

CREATE TRIGGER orders_search_text BEFORE INSERT OR UPDATE OF customer_name, customer_email, search_text
  ON orders FOR EACH ROW EXECUTE FUNCTION order_search_text();

UPDATE orders SET search_text = NULL;
ALTER TABLE orders ALTER COLUMN search_text SET NOT NULL;

CREATE INDEX orders_search_text ON orders USING gin (search_text public.gin_trgm_ops);

-- Id prefixes, case-insensitive: the pattern operator class answers LIKE 'PREFIX%' from the index
-- under any collation, and equality too (the otaOrderId filter), so it replaces migration 002's.
DROP INDEX IF EXISTS orders_team_ota_order_upper;
CREATE INDEX orders_team_ota_order_prefix ON orders (team_id, upper(ota_order_id) text_pattern_ops);
CREATE INDEX orders_team_display_prefix ON orders (team_id, upper(display_id) text_pattern_ops);
