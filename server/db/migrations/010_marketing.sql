-- Marketing (issue 15). An advertisement's tag is where it is in its life: new (as created), active
-- or archived (never shown to customers). Tags of another kind become active: they were in use.
UPDATE advertisements SET tag = 'active' WHERE tag IS NULL OR tag NOT IN ('new', 'active', 'archived');
ALTER TABLE advertisements
  ALTER COLUMN tag SET DEFAULT 'new',
  ALTER COLUMN tag SET NOT NULL,
  ADD CONSTRAINT advertisements_tag CHECK (tag IN ('new', 'active', 'archived'));

-- How often the same customer is shown a group's ads (what the interstitial screen sets).
ALTER TABLE advertisement_groups
  ADD COLUMN frequency text NOT NULL DEFAULT 'daily'
    CHECK (frequency IN ('every_visit', 'daily', 'weekly', 'once'));

-- A group's tag says where its ads appear: one e-mail banner and one interstitial per team. Of
-- groups already sharing such a tag, the oldest keeps it.
UPDATE advertisement_groups g SET tag = NULL
 WHERE g.tag IN ('email', 'interstitial')
   AND EXISTS (SELECT 1 FROM advertisement_groups o
                WHERE o.team_id = g.team_id AND o.tag = g.tag AND (o.created_at, o.id) < (g.created_at, g.id));
CREATE UNIQUE INDEX advertisement_groups_placement ON advertisement_groups (team_id, tag)
  WHERE tag IN ('email', 'interstitial');
