-- Who changed which feature flag and when: one row per change of a flag's countries, append-only.
-- The person is kept by id and by the name they had then (the row outlives a renamed or removed
-- user); the countries before and after, so the page can say what was switched on and off.
CREATE TABLE feature_flag_changes (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  flag_id          text NOT NULL REFERENCES feature_flags(id) ON DELETE CASCADE,
  changed_by_id    text NOT NULL,
  changed_by_name  text NOT NULL,
  changed_at       timestamptz NOT NULL DEFAULT now(),
  teams_before     jsonb NOT NULL,               -- country codes the flag was on for
  teams_after      jsonb NOT NULL
);
-- The latest change of each flag: newest first within the flag.
CREATE INDEX feature_flag_changes_flag ON feature_flag_changes (flag_id, id DESC);
