-- The order list answers pages of 50 to 200 orders many times a second. Building each order's JSON
-- from its columns at read time (jsonb and timestamps to text, the product and tour joined) cost
-- the embedded database about 1.5 ms a page, and handing the rows to the server one by one more
-- than that. So each order keeps the JSON members that change only when the order (or its product)
-- is written, kept by a trigger; a page is then these texts joined in the database, with statusV2
-- and version (which bulk status moves change) added at read time, so a status move never fires
-- the trigger and stays a HOT update. It is derived data: the columns stay the truth.
ALTER TABLE orders ADD COLUMN json_fields text;

CREATE FUNCTION order_json_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p_route text;
  p_pack text;
  t_display text;
BEGIN
  SELECT route, pack INTO p_route, p_pack FROM products WHERE team_id = NEW.team_id AND id = NEW.product_id;
  IF NEW.tour_id IS NOT NULL THEN
    SELECT display_id INTO t_display FROM tours WHERE id = NEW.tour_id;
  END IF;
  NEW.json_fields :=
    '"id":' || to_json(NEW.id)::text ||
    ',"displayId":' || to_json(NEW.display_id)::text ||
    ',"otaOrderId":' || to_json(NEW.ota_order_id)::text ||
    ',"ota":' || to_json(NEW.ota)::text ||
    ',"departureAt":"' || to_char(NEW.departure_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
    '","bookedAt":"' || to_char(NEW.booked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
    '","language":' || to_json(NEW.language)::text ||
    ',"product":{"id":' || to_json(NEW.product_id)::text ||
      ',"route":' || to_json(COALESCE(p_route, ''))::text ||
      ',"pack":' || to_json(COALESCE(NULLIF(p_pack, ''), NEW.product_id))::text || '}' ||
    ',"customer":{"name":' || to_json(NEW.customer_name)::text ||
      ',"email":' || to_json(NEW.customer_email)::text || '}' ||
    ',"quantity":{"total":' || NEW.quantity_total || ',"adult":' || NEW.quantity_adult ||
      ',"child":' || NEW.quantity_child || '}' ||
    ',"prices":' || COALESCE(NEW.prices, '[]'::jsonb)::text ||
    ',"tour":' || CASE WHEN NEW.tour_id IS NULL THEN 'null'
                  ELSE '{"id":' || to_json(NEW.tour_id)::text || ',"displayId":' || to_json(COALESCE(t_display, ''))::text || '}' END ||
    ',"emailCheckpoints":' || ('{"confirmation":false,"info":false,"review":false,"marketing":false}'::jsonb
                               || COALESCE(NEW.email_checkpoints, '{}'::jsonb))::text ||
    ',"reviewCheckpoints":' || ('{"OTA":false,"TripAdvisor":false,"Google":false,"MyProGuide":false}'::jsonb
                                || COALESCE(NEW.review_checkpoints, '{}'::jsonb))::text;
  RETURN NEW;
END $$;

-- Every column the members are made of (status, version and updated_at are not among them).
CREATE TRIGGER orders_json_fields BEFORE INSERT OR UPDATE OF
  id, team_id, display_id, ota_order_id, ota, departure_at, booked_at, language, product_id, customer_name,
  customer_email, quantity_total, quantity_adult, quantity_child, prices, tour_id, email_checkpoints,
  review_checkpoints, json_fields
  ON orders FOR EACH ROW EXECUTE FUNCTION order_json_fields();

-- A product's route and pack are part of its orders' members: rewrite them when the product changes.
CREATE FUNCTION product_orders_json_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE orders SET json_fields = NULL WHERE team_id = OLD.team_id AND product_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE orders SET json_fields = NULL WHERE team_id = NEW.team_id AND product_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER products_orders_json_fields AFTER INSERT OR DELETE OR UPDATE OF id, team_id, route, pack
  ON products FOR EACH ROW EXECUTE FUNCTION product_orders_json_fields();

UPDATE orders SET json_fields = NULL;
ALTER TABLE orders ALTER COLUMN json_fields SET NOT NULL;
