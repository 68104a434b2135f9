import { ROLES } from '../../shared/statuses';
import { isPlatformAdmin } from '../auth/access';
import { logOut, PROVIDER_SESSION_COOKIE } from '../auth/logout';
import { notFound } from '../http/errors';
import { noContent, type OperationHandler } from '../http/operation';
import { teamEntriesOf } from '../repo/teams';
import { profileOf } from '../repo/users';

/** The signed-in user with their teams (by name), the distinct roles they hold (most rights first)
 *  and whether they run the platform (ADMIN of the Tech Team). */
export const getMe: OperationHandler<'getMe'> = async (_input, { db, user }) => {
  const profile = await profileOf(db, user.userId);
  if (!profile) throw notFound('User');
  const teams = await teamEntriesOf(db, user.userId);
  const roles = new Set(teams.map((t) => t.role));
  return {
    ...profile,
    orgRoles: ROLES.filter((r) => roles.has(r)),
    isPlatformAdmin: await isPlatformAdmin(db, user),
    teams,
  };
};

/** The value of one cookie of a Cookie header, or null. */
function cookieValue(header: unknown, name: string): string | null {
  if (typeof header !== 'string') return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Signs out on the server: revokes the request's access token and ends the embedded provider's
 *  session of this browser (its cookie comes along: same origin). */
export const logout: OperationHandler<'logout'> = async ({ headers }, { db, user }) => {
  await logOut(db, user, cookieValue(headers.cookie, PROVIDER_SESSION_COOKIE));
  return noContent();
};
