import { randomBytes, randomUUID } from 'node:crypto';
import { findCountry } from '../../src/domain/countries';
import { OTAS } from '../../src/domain/statuses';
import type { RequestBody, Schemas } from '../contract';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../http/errors';
import { TECH_TEAM_CODE } from '../http/platform';
import { body, ctx, params, type Handler } from './util';

/** Organizations: created and advanced through the onboarding stages by their owner. */
type Information = Schemas['OrgInformation'];
/**
 * The `information` column: the contact information, and the country chosen at stage 2 (kept
 * there, schemaless, until the plan stage creates the team with it).
 */
type StoredInformation = Partial<Information> & { countryCode?: string };

interface OrgRow {
  id: string;
  display_id: string;
  name: string;
  owner_id: string;
  team_id: string | null;
  plan: string | null;
  information: StoredInformation;
  stage: number;
  /** The team's country, once the team exists (read with `ORG`). */
  team_code?: string | null;
}

/** An organization with its team's country. */
const ORG = 'SELECT o.*, t.code AS team_code FROM orgs o LEFT JOIN teams t ON t.id = o.team_id';

function info(stored: Partial<Information> | null, given?: Schemas['OrgInformationInput']): Information {
  const poc = { fullName: '', email: '', phone: '', jobTitle: '', ...stored?.pointOfContact, ...given?.pointOfContact };
  return {
    serviceCountry: given?.serviceCountry ?? stored?.serviceCountry ?? [],
    serviceCity: given?.serviceCity ?? stored?.serviceCity ?? [],
    pointOfContact: poc,
  };
}

type OrgInput = RequestBody<'upsertOrg'>;

/** The column's new value: the information merged with what is given, and the country if one is. */
function stored(current: StoredInformation | null, given: OrgInput): string {
  const countryCode = given.countryCode ?? current?.countryCode;
  return JSON.stringify({ ...info(current, given.information), ...(countryCode ? { countryCode } : {}) });
}

/** Onboarding chooses the country at stage 2 and creates the team at stage 4 (the plan). */
const PLAN_STAGE = 4;

/**
 * A new team gets one OTA inbox per OTA on the organization's mail domain (the point of contact's,
 * else the owner's), none selected: choosing them is onboarding stage 5.
 */
function otaInboxes(contactEmail: string, ownerEmail: string) {
  const domain = (contactEmail.split('@')[1] || ownerEmail.split('@')[1] || 'example.com').toLowerCase();
  return OTAS.map((ota) => ({ ota, email: `${ota.toLowerCase()}@${domain}`, selected: false }));
}

const mapOrg = (r: OrgRow): Schemas['Org'] => ({
  id: r.id,
  displayId: r.display_id,
  name: r.name,
  countryCode: r.team_code ?? r.information.countryCode ?? null,
  plan: r.plan,
  stage: r.stage,
  teamId: r.team_id,
  information: info(r.information),
});

export const getOrg: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const [row] = await db.query<OrgRow>(
    `${ORG}
      WHERE (o.id = $1 OR o.display_id = $1)
        AND (o.owner_id = $2 OR o.team_id IN (SELECT team_id FROM memberships WHERE user_id = $2))
      ORDER BY (o.id = $1) DESC LIMIT 1`,
    [id, user.userId],
  );
  if (!row) throw notFound('Organization');
  return mapOrg(row);
};

/** The caller's own organization: the one `upsertOrg` writes to. */
const MY_ORG = 'SELECT * FROM orgs WHERE owner_id = $1 ORDER BY created_at, id LIMIT 1';

/** The caller's own organization, if they have started one: onboarding resumes from it. */
export const getMyOrg: Handler = async (req) => {
  const { db, user } = ctx(req);
  const [row] = await db.query<OrgRow>(`${ORG} WHERE o.owner_id = $1 ORDER BY o.created_at, o.id LIMIT 1`, [
    user.userId,
  ]);
  if (!row) throw notFound('Organization');
  return mapOrg(row);
};

async function displayIdTaken(db: Db, displayId: string, exceptOrg: string | null): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM orgs WHERE lower(display_id) = lower($1) AND id IS DISTINCT FROM $2', [
    displayId,
    exceptOrg,
  ]);
  return rows.length > 0;
}

async function freshDisplayId(db: Db, name: string): Promise<string> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'org';
  if (!(await displayIdTaken(db, slug, null))) return slug;
  for (;;) {
    const candidate = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!(await displayIdTaken(db, candidate, null))) return candidate;
  }
}

export const upsertOrg: Handler = async (req) => {
  const { db, user } = ctx(req);
  const input = body<OrgInput>(req);
  const country = input.countryCode ? findCountry(input.countryCode) : undefined;
  if (input.countryCode && !country) throw badRequest(`Unknown country code ${input.countryCode}`);
  if (country?.code === TECH_TEAM_CODE) {
    throw badRequest(`${TECH_TEAM_CODE} is the Tech Team of the platform: choose the country your team works in`);
  }
  const name = input.name?.trim();
  if (input.name !== undefined && !name) throw badRequest('The organization name cannot be empty');
  const row = await db.tx(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId]);
    let [org] = await tx.query<OrgRow>(MY_ORG, [user.userId]);
    if (input.displayId && (await displayIdTaken(tx, input.displayId, org?.id ?? null))) {
      throw conflict(`The organization id ${input.displayId} is taken`);
    }
    if (!org) {
      const displayId = input.displayId ?? (await freshDisplayId(tx, name ?? user.name));
      [org] = await tx.query<OrgRow>(
        `INSERT INTO orgs (id, display_id, name, owner_id, plan, information, stage)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [
          randomUUID(),
          displayId,
          name ?? displayId,
          user.userId,
          input.plan ?? null,
          stored(null, input),
          input.stage ?? 2,
        ],
      );
    } else {
      [org] = await tx.query<OrgRow>(
        `UPDATE orgs SET display_id = $2, name = $3, plan = $4, information = $5, stage = $6 WHERE id = $1 RETURNING *`,
        [
          org.id,
          input.displayId ?? org.display_id,
          name ?? org.name,
          input.plan === undefined ? org.plan : input.plan,
          stored(org.information, input),
          input.stage ?? org.stage,
        ],
      );
    }
    const beforePlan = input.stage !== undefined && input.stage < PLAN_STAGE;
    if (country && name && !org.team_id && !beforePlan) {
      const teamId = randomUUID();
      const inboxes = otaInboxes(info(org.information).pointOfContact.email, user.email);
      await tx.query(
        'INSERT INTO teams (id, code, name, timezone, continent, ota_accounts) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
        [teamId, country.code, name, country.timezone, country.continent, JSON.stringify(inboxes)],
      );
      await tx.query("INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'ADMIN')", [
        user.userId,
        teamId,
      ]);
      await tx.query('UPDATE orgs SET team_id = $2 WHERE id = $1', [org.id, teamId]);
    }
    const [saved] = await tx.query<OrgRow>(`${ORG} WHERE o.id = $1`, [org.id]);
    return saved;
  });
  return mapOrg(row);
};
