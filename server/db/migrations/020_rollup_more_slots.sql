-- The rollup's slots (migration 018) from eight to 64: a writer's row lock on its slot lasts until its
-- transaction has committed, the flush of the WAL included, so two connections of the same slot
-- still take turns there. With a pool of ten connections, eight slots always put some of them
-- together (measured: 0.75 ms mean wait per confirmation in the rollup's upsert); with 64 two
-- connections rarely share one. The readers sum whatever slots a key has, so nothing else changes.
CREATE OR REPLACE FUNCTION rollup_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;
