-- Bulk status moves rewrite up to thousands of rows at once. An UPDATE that changes no indexed
-- column and finds room on the row's own page is a HOT update: no index entry is written. With the
-- status in an index, every moved order wrote a new entry into each of the table's 7 indexes: in
-- EXPLAIN ANALYZE of a 1,000-order move among 100,000 (PGlite), finding the rows took 34 ms of the
-- UPDATE's 350 ms, the rest was index writes. Without it, lists and counts by status walk
-- orders_team_departure (team, date range, in sort order) and filter the status on the row, which
-- keeps a page of any common view to a few hundred rows read.
DROP INDEX IF EXISTS orders_team_status_departure;
DROP INDEX IF EXISTS tours_team_status_departure;

-- Leave a fifth of each page free for the new versions of its rows (applies to pages written from
-- now on: the seed, imports, and tables rewritten by VACUUM FULL or CLUSTER).
ALTER TABLE orders SET (fillfactor = 80);
ALTER TABLE tours SET (fillfactor = 80);
