import { findCountry } from '../../src/domain/countries';
import { myTeams } from '../http/access';
import { badRequest, forbidden, notFound } from '../http/errors';
import { body, ctx, params, type Handler } from './util';

/** Feature flags per team country; changing one needs ADMIN of at least one team. */
interface FlagRow {
  id: string;
  name: string;
  description: string;
  teams: string[];
  default_state: boolean;
}

const mapFlag = (r: FlagRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  teams: r.teams ?? [],
  defaultState: r.default_state,
});

export const listFeatures: Handler = async (req) => {
  const { db } = ctx(req);
  const rows = await db.query<FlagRow>(
    'SELECT id, name, description, teams, default_state FROM feature_flags ORDER BY id',
  );
  return { data: rows.map(mapFlag) };
};

export const updateFeature: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { teams } = body<{ teams: string[] }>(req);
  const roles = await myTeams(db, user.userId);
  if (![...roles.values()].includes('ADMIN')) throw forbidden('Only team admins can change feature flags');
  const unknown = teams.filter((code) => !findCountry(code));
  if (unknown.length) throw badRequest(`Unknown country codes: ${unknown.join(', ')}`);
  const [row] = await db.query<FlagRow>(
    'UPDATE feature_flags SET teams = $2::jsonb WHERE id = $1 RETURNING id, name, description, teams, default_state',
    [id, JSON.stringify([...new Set(teams.map((c) => c.toUpperCase()))])],
  );
  if (!row) throw notFound('Feature flag');
  return mapFlag(row);
};
