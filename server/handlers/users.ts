import { notFound } from '../http/errors';
import { isPlatformAdmin } from '../http/platform';
import { ctx, type Handler } from './util';

/** The signed-in user with their teams (by name), the distinct roles they hold and whether they run
 *  the platform (ADMIN of the Tech Team). */
const ROLE_ORDER = ['ADMIN', 'EDITOR', 'MEMBER'];

export const getMe: Handler = async (req) => {
  const { db, user } = ctx(req);
  const [row] = await db.query<{ id: string; name: string; email: string; avatar_url: string | null }>(
    'SELECT id, name, email, avatar_url FROM users WHERE id = $1',
    [user.userId],
  );
  if (!row) throw notFound('User');
  const teams = await db.query<{
    id: string;
    name: string;
    avatar_url: string | null;
    code: string;
    timezone: string;
    continent: string;
    role: string;
  }>(
    `SELECT t.id, t.name, t.avatar_url, t.code, t.timezone, t.continent, m.role
       FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 ORDER BY lower(t.name), t.id`,
    [user.userId],
  );
  const roles = new Set(teams.map((t) => t.role));
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    orgRoles: ROLE_ORDER.filter((r) => roles.has(r)),
    isPlatformAdmin: await isPlatformAdmin(db, user.userId),
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      avatarUrl: t.avatar_url,
      code: t.code,
      timezone: t.timezone,
      continent: t.continent,
      role: t.role,
    })),
  };
};
