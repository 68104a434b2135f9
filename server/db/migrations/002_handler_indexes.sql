-- Indexes shaped after the handlers' queries.
-- Search by OTA order id ignores case (the client upper-cases what it sends): index what is compared.
DROP INDEX IF EXISTS orders_team_ota_order;
CREATE INDEX orders_team_ota_order_upper ON orders (team_id, upper(ota_order_id));

-- Only linked orders need the tour index, and an event only the timeline it belongs to: partial
-- indexes skip the NULLs, which keeps bulk status moves and their event rows cheap to write.
DROP INDEX IF EXISTS orders_tour;
CREATE INDEX orders_tour ON orders (tour_id) WHERE tour_id IS NOT NULL;
DROP INDEX IF EXISTS event_logs_order;
CREATE INDEX event_logs_order ON event_logs (order_id, timestamp) WHERE order_id IS NOT NULL;
DROP INDEX IF EXISTS event_logs_tour;
CREATE INDEX event_logs_tour ON event_logs (tour_id, timestamp) WHERE tour_id IS NOT NULL;
