import { findCountry } from '../../src/domain/countries';
import type { RequestBody, Schemas } from '../contract';
import { badRequest, notFound } from '../http/errors';
import { requirePlatformAdmin } from '../http/platform';
import { body, ctx, params, type Handler } from './util';

/** Feature flags per team country. They are global: only a platform admin changes one, and every
 *  change is recorded (who, when, the countries before and after). */
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
  teams: string[];
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

const mapFlag = (r: FlagRow): Schemas['FeatureFlag'] => ({
  id: r.id,
  name: r.name,
  description: r.description,
  teams: r.teams ?? [],
  defaultState: r.default_state,
  lastChange: lastChange(r.change),
});

export const listFeatures: Handler = async (req) => {
  const { db } = ctx(req);
  const rows = await db.query<FlagRow>(`${FLAGS} ORDER BY f.id`);
  return { data: rows.map(mapFlag) };
};

const sameCodes = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

export const updateFeature: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  // The contract has already refused lower case and duplicates.
  const { teams } = body<RequestBody<'updateFeature'>>(req);
  await requirePlatformAdmin(db, user.userId);
  const unknown = teams.filter((code) => !findCountry(code));
  if (unknown.length) throw badRequest(`Unknown country codes: ${unknown.join(', ')}`);
  return db.tx(async (tx) => {
    const [current] = await tx.query<{ teams: string[] }>('SELECT teams FROM feature_flags WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    if (!current) throw notFound('Feature flag');
    // Setting the countries it already has changes nothing, so nothing is recorded.
    if (!sameCodes(current.teams, teams)) {
      await tx.query('UPDATE feature_flags SET teams = $2::jsonb WHERE id = $1', [id, JSON.stringify(teams)]);
      await tx.query(
        `INSERT INTO feature_flag_changes (flag_id, changed_by_id, changed_by_name, teams_before, teams_after)
         SELECT $1, u.id, u.name, $3::jsonb, $4::jsonb FROM users u WHERE u.id = $2`,
        [id, user.userId, JSON.stringify(current.teams), JSON.stringify(teams)],
      );
    }
    const [row] = await tx.query<FlagRow>(`${FLAGS} WHERE f.id = $1`, [id]);
    return mapFlag(row);
  });
};
