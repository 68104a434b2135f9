import { randomBytes, randomUUID } from 'node:crypto';
import type { Country } from '../../shared/countries';
import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { conflict } from '../http/errors';
import type { BodyOf } from '../http/operation';
import { displayIdTaken, insertOrg, myOrgRow, orgById, setOrgTeam, updateOrg } from '../repo/orgs';
import { addMember, insertTeam } from '../repo/teams';
import { lockUser } from '../repo/users';
import { defaultOtaInboxes } from '../teams/ota-accounts';
import type { AuthUser } from '../types';
import { displayIdSlug, orgInformation, storedInformation } from './information';

/** Onboarding: the owner creates their organization, then advances it stage by stage. */
export type OrgInput = BodyOf<'upsertOrg'>;

/** Onboarding chooses the country at stage 2 and creates the team at stage 4 (the plan). */
const PLAN_STAGE = 4;

async function freshDisplayId(db: Db, name: string): Promise<string> {
  const slug = displayIdSlug(name);
  if (!(await displayIdTaken(db, slug, null))) return slug;
  for (;;) {
    const candidate = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!(await displayIdTaken(db, candidate, null))) return candidate;
  }
}

/**
 * Creates the owner's organization or changes it (one transaction, one write per owner at a time):
 * 409 for a display id another organization has. With a country and a name, from the plan stage
 * on, the organization gets its team, the owner as its admin. `input.name` comes trimmed and
 * non-empty; `country` is the one of `input.countryCode`.
 */
export async function saveMyOrg(
  db: Db,
  owner: AuthUser,
  input: OrgInput,
  country: Country | undefined,
): Promise<Schemas['Org'] | undefined> {
  return db.tx(async (tx) => {
    await lockUser(tx, owner.userId);
    let org = await myOrgRow(tx, owner.userId);
    if (input.displayId && (await displayIdTaken(tx, input.displayId, org?.id ?? null))) {
      throw conflict(`The organization id ${input.displayId} is taken`);
    }
    if (!org) {
      const displayId = input.displayId ?? (await freshDisplayId(tx, input.name ?? owner.name));
      org = await insertOrg(tx, randomUUID(), owner.userId, {
        displayId,
        name: input.name ?? displayId,
        plan: input.plan ?? null,
        information: storedInformation(null, input),
        stage: input.stage ?? 2,
      });
    } else {
      org = await updateOrg(tx, org.id, {
        displayId: input.displayId ?? org.display_id,
        name: input.name ?? org.name,
        plan: input.plan === undefined ? org.plan : input.plan,
        information: storedInformation(org.information, input),
        stage: input.stage ?? org.stage,
      });
    }
    const beforePlan = input.stage !== undefined && input.stage < PLAN_STAGE;
    if (country && input.name && !org.team_id && !beforePlan) {
      const teamId = randomUUID();
      await insertTeam(tx, {
        id: teamId,
        code: country.code,
        name: input.name,
        timezone: country.timezone,
        continent: country.continent,
        otaAccounts: defaultOtaInboxes(orgInformation(org.information).pointOfContact.email, owner.email),
      });
      await addMember(tx, teamId, owner.userId, 'ADMIN');
      await setOrgTeam(tx, org.id, teamId);
    }
    return orgById(tx, org.id);
  });
}
