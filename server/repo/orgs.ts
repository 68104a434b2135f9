import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { orgInformation, type StoredInformation } from '../orgs/information';

/** Organizations: created and advanced through the onboarding stages by their owner (server/orgs/onboarding.ts). */
export interface OrgRow {
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

/** What onboarding writes. */
export interface OrgFields {
  displayId: string;
  name: string;
  plan: string | null;
  information: StoredInformation;
  stage: number;
}

/** An organization with its team's country. */
const ORG = 'SELECT o.*, t.code AS team_code FROM orgs o LEFT JOIN teams t ON t.id = o.team_id';

const toOrg = (r: OrgRow): Schemas['Org'] => ({
  id: r.id,
  displayId: r.display_id,
  name: r.name,
  countryCode: r.team_code ?? r.information.countryCode ?? null,
  plan: r.plan,
  stage: r.stage,
  teamId: r.team_id,
  information: orgInformation(r.information),
});

/** An organization by id or display id (the id first) that the user owns or whose team they belong to. */
export async function orgOfMember(db: Db, userId: string, idOrDisplayId: string): Promise<Schemas['Org'] | undefined> {
  const [row] = await db.query<OrgRow>(
    `${ORG}
      WHERE (o.id = $1 OR o.display_id = $1)
        AND (o.owner_id = $2 OR o.team_id IN (SELECT team_id FROM memberships WHERE user_id = $2))
      ORDER BY (o.id = $1) DESC LIMIT 1`,
    [idOrDisplayId, userId],
  );
  return row && toOrg(row);
}

/** The user's own organization (their first), the one onboarding writes to. */
export async function myOrgRow(db: Db, userId: string): Promise<OrgRow | undefined> {
  const [row] = await db.query<OrgRow>(`${ORG} WHERE o.owner_id = $1 ORDER BY o.created_at, o.id LIMIT 1`, [userId]);
  return row;
}

export async function myOrg(db: Db, userId: string): Promise<Schemas['Org'] | undefined> {
  const row = await myOrgRow(db, userId);
  return row && toOrg(row);
}

export async function orgById(db: Db, id: string): Promise<Schemas['Org'] | undefined> {
  const [row] = await db.query<OrgRow>(`${ORG} WHERE o.id = $1`, [id]);
  return row && toOrg(row);
}

/** True when the user owns the organization of this display id, or belongs to its team. */
export async function mayEnterOrg(db: Db, userId: string, displayId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM orgs o
       LEFT JOIN memberships m ON m.team_id = o.team_id AND m.user_id = $2
      WHERE o.display_id = $1 AND (o.owner_id = $2 OR m.user_id IS NOT NULL)`,
    [displayId, userId],
  );
  return rows.length > 0;
}

/** True when another organization than `exceptOrg` has this display id (case-insensitively). */
export async function displayIdTaken(db: Db, displayId: string, exceptOrg: string | null): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM orgs WHERE lower(display_id) = lower($1) AND id IS DISTINCT FROM $2', [
    displayId,
    exceptOrg,
  ]);
  return rows.length > 0;
}

export async function insertOrg(db: Db, id: string, ownerId: string, org: OrgFields): Promise<OrgRow> {
  const [row] = await db.query<OrgRow>(
    `INSERT INTO orgs (id, display_id, name, owner_id, plan, information, stage)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [id, org.displayId, org.name, ownerId, org.plan, JSON.stringify(org.information), org.stage],
  );
  return row;
}

export async function updateOrg(db: Db, id: string, org: OrgFields): Promise<OrgRow> {
  const [row] = await db.query<OrgRow>(
    `UPDATE orgs SET display_id = $2, name = $3, plan = $4, information = $5, stage = $6 WHERE id = $1 RETURNING *`,
    [id, org.displayId, org.name, org.plan, JSON.stringify(org.information), org.stage],
  );
  return row;
}

export async function setOrgTeam(db: Db, orgId: string, teamId: string): Promise<void> {
  await db.query('UPDATE orgs SET team_id = $2 WHERE id = $1', [orgId, teamId]);
}
