import type { Schemas } from '../contract';
import type { Db } from '../db/client';

/** Advertisements and advertisement groups of a team. */
export type Ad = Schemas['Ad'];
export type AdGroup = Schemas['AdGroup'];
type Frequency = Schemas['AdFrequency'];

/** The group tags that place ads in front of customers; a team has at most one group of each. */
export const PLACEMENTS = ['email', 'interstitial'];

interface AdRow {
  id: string;
  team_id: string;
  tag: Ad['tag'];
  title: string;
  image_url: string | null;
  link_url: string | null;
}

export const mapAd = (r: AdRow): Ad => ({
  id: r.id,
  teamId: r.team_id,
  tag: r.tag,
  title: r.title,
  imageUrl: r.image_url,
  linkUrl: r.link_url,
});

export const AD_COLUMNS = 'a.id, a.team_id, a.tag, a.title, a.image_url, a.link_url';

export async function adsOfTeam(db: Db, teamId: string): Promise<Ad[]> {
  const rows = await db.query<AdRow>(
    `SELECT ${AD_COLUMNS} FROM advertisements a WHERE a.team_id = $1 ORDER BY a.created_at, a.id`,
    [teamId],
  );
  return rows.map(mapAd);
}

/** Groups of a team (all, or the given ids) with their items in position order. */
export async function groupsOfTeam(db: Db, teamId: string, groupIds?: string[]): Promise<AdGroup[]> {
  const groups = await db.query<{ id: string; tag: string | null; team_id: string; frequency: Frequency }>(
    `SELECT id, tag, team_id, frequency FROM advertisement_groups
      WHERE team_id = $1 ${groupIds ? 'AND id = ANY($2::text[])' : ''} ORDER BY created_at, id`,
    groupIds ? [teamId, groupIds] : [teamId],
  );
  if (groups.length === 0) return [];
  const items = await db.query<AdRow & { group_id: string }>(
    `SELECT i.group_id, ${AD_COLUMNS}
       FROM advertisement_group_items i JOIN advertisements a ON a.id = i.advertisement_id
      WHERE i.group_id = ANY($1::text[]) ORDER BY i.position, a.id`,
    [groups.map((g) => g.id)],
  );
  return groups.map((g) => ({
    id: g.id,
    tag: g.tag,
    teamId: g.team_id,
    frequency: g.frequency,
    items: items.filter((i) => i.group_id === g.id).map(mapAd),
  }));
}

/** Locks the group for the rest of the transaction; false when the team has no such group. */
export async function lockGroup(tx: Db, teamId: string, groupId: string): Promise<boolean> {
  const rows = await tx.query('SELECT id FROM advertisement_groups WHERE id = $1 AND team_id = $2 FOR UPDATE', [
    groupId,
    teamId,
  ]);
  return rows.length > 0;
}

/** Whether every one of the ids is an ad of the team. */
export async function allAdsOfTeam(db: Db, teamId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db.query('SELECT id FROM advertisements WHERE team_id = $1 AND id = ANY($2::text[])', [
    teamId,
    ids,
  ]);
  return rows.length === ids.length;
}

/** The live (not archived) ads of each team's e-mail group, in the group's order: the banner. */
export async function emailBanners(db: Db, teamIds: string[]): Promise<Map<string, Ad[]>> {
  const rows = await db.query<AdRow>(
    `SELECT ${AD_COLUMNS}
       FROM advertisement_groups g
       JOIN advertisement_group_items i ON i.group_id = g.id
       JOIN advertisements a ON a.id = i.advertisement_id
      WHERE g.team_id = ANY($1::text[]) AND g.tag = 'email' AND a.tag <> 'archived'
      ORDER BY g.team_id, i.position, a.id`,
    [teamIds],
  );
  const banners = new Map<string, Ad[]>();
  for (const row of rows) banners.set(row.team_id, [...(banners.get(row.team_id) ?? []), mapAd(row)]);
  return banners;
}
