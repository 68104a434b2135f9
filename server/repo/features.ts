import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';

/**
 * Feature flags per team country. They are global: every change is recorded (who, when, the
 * countries before and after) in feature_flag_changes.
 */
interface ChangeRow {
  byId: string;
  byName: string;
  at: string;
  before: string[];
  after: string[];
}

interface FlagRow {
  id: string;
  name: string;
  description: string;
  teams: string[] | null;
  default_state: boolean;
  change: ChangeRow | null;
}

/** Each flag with its latest change, if any. */
const FLAGS = `
  SELECT f.id, f.name, f.description, f.teams, f.default_state, c.change
    FROM feature_flags f
    LEFT JOIN LATERAL (
      SELECT jsonb_build_object('byId', changed_by_id, 'byName', changed_by_name, 'at', changed_at,
                                'before', teams_before, 'after', teams_after) AS change
        FROM feature_flag_changes WHERE flag_id = f.id ORDER BY id DESC LIMIT 1
    ) c ON true`;

function lastChange(c: ChangeRow | null): Schemas['FeatureFlag']['lastChange'] {
  if (!c) return null;
  return {
    by: { id: c.byId, name: c.byName },
    at: new Date(c.at).toISOString(),
    added: c.after.filter((code) => !c.before.includes(code)),
    removed: c.before.filter((code) => !c.after.includes(code)),
  };
}

const toFlag = (r: FlagRow): Schemas['FeatureFlag'] => ({
  id: r.id,
  name: r.name,
  description: r.description,
  teams: r.teams ?? [],
  defaultState: r.default_state,
  lastChange: lastChange(r.change),
});

export async function listFlags(db: Db): Promise<Schemas['FeatureFlag'][]> {
  const rows = await db.query<FlagRow>(`${FLAGS} ORDER BY f.id`);
  return rows.map(toFlag);
}

export async function flagById(db: Db, id: string): Promise<Schemas['FeatureFlag'] | undefined> {
  const [row] = await db.query<FlagRow>(`${FLAGS} WHERE f.id = $1`, [id]);
  return row && toFlag(row);
}

const sameCodes = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

/**
 * Sets the countries of a flag and records the change by this user (one transaction); setting the
 * countries it already has changes nothing, so nothing is recorded. Undefined when there is no such flag.
 */
export async function setFlagTeams(
  db: Db,
  id: string,
  userId: string,
  teams: string[],
): Promise<Schemas['FeatureFlag'] | undefined> {
  return db.tx(async (tx) => {
    const [current] = await tx.query<{ teams: string[] }>('SELECT teams FROM feature_flags WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    if (!current) return undefined;
    if (!sameCodes(current.teams, teams)) {
      await tx.query('UPDATE feature_flags SET teams = $2::jsonb WHERE id = $1', [id, JSON.stringify(teams)]);
      await tx.query(
        `INSERT INTO feature_flag_changes (flag_id, changed_by_id, changed_by_name, teams_before, teams_after)
         SELECT $1, u.id, u.name, $3::jsonb, $4::jsonb FROM users u WHERE u.id = $2`,
        [id, userId, JSON.stringify(current.teams), JSON.stringify(teams)],
      );
    }
    return flagById(tx, id);
  });
}
