import type { Db } from '../db/client';
import { forbidden } from './errors';

/**
 * Platform administration. Feature flags are global, so changing one is not a team admin's call:
 * a platform admin is an ADMIN of the Tech Team (country code XX), a team nobody can create or
 * join through onboarding or the API.
 */
export const TECH_TEAM_CODE = 'XX';

export async function isPlatformAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 AND m.role = 'ADMIN' AND t.code = $2 LIMIT 1`,
    [userId, TECH_TEAM_CODE],
  );
  return rows.length > 0;
}

/** 403 FORBIDDEN unless the caller is a platform admin. */
export async function requirePlatformAdmin(db: Db, userId: string): Promise<void> {
  if (!(await isPlatformAdmin(db, userId))) {
    throw forbidden('Only platform admins (admins of the Tech Team) can change feature flags');
  }
}
