import type { Schemas } from '../contract';
import { checkAvatar } from '../http/avatar';
import { requireAdmin, requireTeam } from '../http/access';
import { badRequest, forbidden, notFound } from '../http/errors';
import { body, ctx, query, type Handler } from './util';

/** Profile and team settings (name or avatar), members, OTA accounts. */
type SettingInput = Schemas['SettingInput'];

function changeOf(input: SettingInput): { column: 'name' | 'avatar_url'; value: string } {
  if (input.avatar !== undefined) return { column: 'avatar_url', value: checkAvatar(input.avatar) };
  const name = input.name?.trim();
  if (!name) throw badRequest('Give a non-empty name or an avatar');
  return { column: 'name', value: name };
}

function ownUser(req: Parameters<Handler>[0]) {
  const c = ctx(req);
  const { userId } = query<{ userId: string }>(req);
  if (userId !== c.user.userId) throw forbidden('You can only see and change your own profile');
  return c;
}

export const getUserSetting: Handler = async (req) => {
  const { db, user } = ownUser(req);
  const [row] = await db.query<{ name: string; avatar_url: string | null }>(
    'SELECT name, avatar_url FROM users WHERE id = $1',
    [user.userId],
  );
  if (!row) throw notFound('User');
  return { name: row.name, avatarUrl: row.avatar_url };
};

export const updateUserSetting: Handler = async (req) => {
  const { db, user } = ownUser(req);
  const { column, value } = changeOf(body<SettingInput>(req));
  const [row] = await db.query<{ name: string; avatar_url: string | null }>(
    `UPDATE users SET ${column} = $2 WHERE id = $1 RETURNING name, avatar_url`,
    [user.userId, value],
  );
  if (!row) throw notFound('User');
  return { name: row.name, avatarUrl: row.avatar_url };
};

export const getTeamSetting: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const [row] = await db.query<{ name: string; avatar_url: string | null }>(
    'SELECT name, avatar_url FROM teams WHERE id = $1',
    [team.teamId],
  );
  return { name: row.name, avatarUrl: row.avatar_url };
};

export const updateTeamSetting: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireAdmin(db, user.userId, query<{ teamId: string }>(req).teamId);
  const { column, value } = changeOf(body<SettingInput>(req));
  const [row] = await db.query<{ name: string; avatar_url: string | null }>(
    `UPDATE teams SET ${column} = $2 WHERE id = $1 RETURNING name, avatar_url`,
    [team.teamId, value],
  );
  return { name: row.name, avatarUrl: row.avatar_url };
};

export const listTeamMembers: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const rows = await db.query<{ id: string; name: string; email: string; avatar_url: string | null; role: string }>(
    `SELECT u.id, u.name, u.email, u.avatar_url, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY lower(u.name), u.id`,
    [team.teamId],
  );
  return {
    members: rows.map((r) => ({
      user: { id: r.id, name: r.name, email: r.email, avatarUrl: r.avatar_url },
      role: r.role,
    })),
  };
};

interface OtaAccount {
  ota: string;
  email: string;
  selected?: boolean;
}

function accountsView(accounts: OtaAccount[]) {
  return {
    available: accounts.map((a) => ({ ota: a.ota, email: a.email })),
    otas: [...new Set(accounts.filter((a) => a.selected).map((a) => a.email))],
  };
}

export const getOtaAccounts: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const [row] = await db.query<{ ota_accounts: OtaAccount[] }>('SELECT ota_accounts FROM teams WHERE id = $1', [
    team.teamId,
  ]);
  return accountsView(row?.ota_accounts ?? []);
};

export const updateOtaAccounts: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { teamId, otas } = body<{ teamId: string; otas: string[] }>(req);
  const team = await requireTeam(db, user.userId, teamId);
  return db.tx(async (tx) => {
    const [row] = await tx.query<{ ota_accounts: OtaAccount[] }>(
      'SELECT ota_accounts FROM teams WHERE id = $1 FOR UPDATE',
      [team.teamId],
    );
    const accounts = row?.ota_accounts ?? [];
    const wanted = new Set(otas.map((e) => e.toLowerCase()));
    const known = new Set(accounts.map((a) => a.email.toLowerCase()));
    const unknown = [...wanted].filter((e) => !known.has(e));
    if (unknown.length) throw badRequest(`Not an account of this team: ${unknown.join(', ')}`);
    const next = accounts.map((a) => ({ ...a, selected: wanted.has(a.email.toLowerCase()) }));
    await tx.query('UPDATE teams SET ota_accounts = $2::jsonb WHERE id = $1', [team.teamId, JSON.stringify(next)]);
    return accountsView(next);
  });
};
