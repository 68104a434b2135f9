import { randomUUID } from 'node:crypto';
import { findCountry } from '../../shared/countries';
import type { Db } from '../db/client';
import { appendMemberEvent } from '../repo/member-events';
import { ensureTeamOfCode, setTeamRole } from '../repo/tech-team';
import { ensureUserByEmail } from '../repo/users';
import { TECH_TEAM_CODE } from './access';

/**
 * The first platform admin (`npm run admin -- --email ...`): an ADMIN of the Tech Team, named by
 * whoever runs the server, never by demo data. The user may not have signed in yet: issuer and
 * subject are bound at the first sign-in with that verified address. Idempotent.
 */
export interface PlatformAdminResult {
  email: string;
  userCreated: boolean;
  /** The Tech Team role held before ('ADMIN': nothing changed). */
  previousRole: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function makePlatformAdmin(db: Db, input: { email: string; name?: string }): Promise<PlatformAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new Error(`"${input.email}" is not an e-mail address`);
  const name = input.name?.trim() || email.split('@')[0];
  const country = findCountry(TECH_TEAM_CODE);
  if (!country) throw new Error(`The country list has no ${TECH_TEAM_CODE}`);

  return db.tx(async (tx) => {
    const teamId = await ensureTeamOfCode(tx, {
      code: country.code,
      name: country.name,
      timezone: country.timezone,
      continent: country.continent,
    });
    const { user, created } = await ensureUserByEmail(tx, { id: randomUUID(), email, name });
    const previousRole = await setTeamRole(tx, user.id, teamId, 'ADMIN');
    if (previousRole !== 'ADMIN') {
      await appendMemberEvent(tx, {
        teamId,
        type: previousRole ? 'ROLE_CHANGED' : 'JOINED',
        actor: null,
        email: user.email,
        name: user.name,
        fromRole: previousRole ?? null,
        toRole: 'ADMIN',
      });
    }
    return { email: user.email, userCreated: created, previousRole };
  });
}
