import { ROLES } from '../../shared/statuses';
import { isPlatformAdmin } from '../auth/access';
import { notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
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
