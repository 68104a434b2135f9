import { randomUUID } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../http/errors';

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

interface GroupRow {
  id: string;
  tag: string | null;
  team_id: string;
  frequency: Frequency;
}

const mapAd = (r: AdRow): Ad => ({
  id: r.id,
  teamId: r.team_id,
  tag: r.tag,
  title: r.title,
  imageUrl: r.image_url,
  linkUrl: r.link_url,
});

const AD_COLUMNS = 'a.id, a.team_id, a.tag, a.title, a.image_url, a.link_url';

export async function adsOfTeam(db: Db, teamId: string): Promise<Ad[]> {
  const rows = await db.query<AdRow>(
    `SELECT ${AD_COLUMNS} FROM advertisements a WHERE a.team_id = $1 ORDER BY a.created_at, a.id`,
    [teamId],
  );
  return rows.map(mapAd);
}

/** A new ad of the team, tagged new. */
export async function insertAd(
  db: Db,
  teamId: string,
  input: { title?: string; imageUrl?: string | null; linkUrl?: string | null },
): Promise<Ad> {
  const [row] = await db.query<AdRow>(
    `INSERT INTO advertisements AS a (id, team_id, tag, title, image_url, link_url)
     VALUES ($1, $2, 'new', $3, $4, $5) RETURNING ${AD_COLUMNS}`,
    [randomUUID(), teamId, input.title ?? '', input.imageUrl ?? null, input.linkUrl ?? null],
  );
  return mapAd(row);
}

/** Changes the given fields of a team's ad (null clears an URL); undefined when the team has no such ad. */
export async function updateAd(
  db: Db,
  teamId: string,
  id: string,
  change: { tag?: Ad['tag']; title?: string; imageUrl?: string | null; linkUrl?: string | null },
): Promise<Ad | undefined> {
  const [row] = await db.query<AdRow>(
    `UPDATE advertisements a SET
       tag = COALESCE($3, a.tag),
       title = COALESCE($4, a.title),
       image_url = CASE WHEN $5 THEN $6 ELSE a.image_url END,
       link_url = CASE WHEN $7 THEN $8 ELSE a.link_url END
     WHERE a.id = $1 AND a.team_id = $2 RETURNING ${AD_COLUMNS}`,
    [
      id,
      teamId,
      change.tag ?? null,
      change.title ?? null,
      change.imageUrl !== undefined,
      change.imageUrl ?? null,
      change.linkUrl !== undefined,
      change.linkUrl ?? null,
    ],
  );
  return row && mapAd(row);
}

/** Groups of a team (all, or the given ids) with their items in position order. */
export async function groupsOfTeam(db: Db, teamId: string, groupIds?: string[]): Promise<AdGroup[]> {
  const groups = await db.query<GroupRow>(
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

/** One group of the team with its items; undefined when the team has no such group. */
export async function groupOfTeam(db: Db, teamId: string, groupId: string): Promise<AdGroup | undefined> {
  return (await groupsOfTeam(db, teamId, [groupId]))[0];
}

/** Tags are compared as written in lower case; blank is refused (null means none). */
export function groupTag(tag: string | null): string | null {
  if (tag === null) return null;
  const clean = tag.trim().toLowerCase();
  if (!clean) throw badRequest('A group tag must not be blank: give null for no tag');
  return clean;
}

/** 409 when another group of the team already places its ads where this tag would. */
async function checkPlacementFree(db: Db, teamId: string, tag: string | null, groupId: string | null) {
  if (tag === null || !PLACEMENTS.includes(tag)) return;
  const taken = await db.query('SELECT 1 FROM advertisement_groups WHERE team_id = $1 AND tag = $2 AND id <> $3', [
    teamId,
    tag,
    groupId ?? '',
  ]);
  if (taken.length > 0) throw conflict(`The team already has a group tagged ${tag}`);
}

/** A new, empty group (tag as groupTag made it); 409 when its placement is taken. */
export async function insertAdGroup(
  db: Db,
  teamId: string,
  tag: string | null,
  frequency: Frequency,
): Promise<AdGroup> {
  await checkPlacementFree(db, teamId, tag, null);
  const id = randomUUID();
  // a group created meanwhile with the same placement loses on the unique index (409 too)
  await db.query('INSERT INTO advertisement_groups (id, team_id, tag, frequency) VALUES ($1, $2, $3, $4)', [
    id,
    teamId,
    tag,
    frequency,
  ]);
  return { id, tag, teamId, frequency, items: [] };
}

/** Locks the group for the rest of the transaction; 404 when the team has no such group. */
async function lockGroup(tx: Db, teamId: string, groupId: string): Promise<void> {
  const rows = await tx.query('SELECT id FROM advertisement_groups WHERE id = $1 AND team_id = $2 FOR UPDATE', [
    groupId,
    teamId,
  ]);
  if (rows.length === 0) throw notFound('Advertisement group');
}

/** Changes a group's tag (undefined: kept) and frequency (undefined: kept) in one transaction;
 *  404 for no such group, 409 when the new placement is taken. */
export async function updateAdGroup(
  db: Db,
  teamId: string,
  id: string,
  change: { tag?: string | null; frequency?: Frequency },
): Promise<AdGroup> {
  const { tag, frequency } = change;
  return db.tx(async (tx) => {
    await lockGroup(tx, teamId, id);
    if (tag !== undefined) await checkPlacementFree(tx, teamId, tag, id);
    await tx.query(
      `UPDATE advertisement_groups SET tag = CASE WHEN $2 THEN $3 ELSE tag END, frequency = COALESCE($4, frequency)
        WHERE id = $1`,
      [id, tag !== undefined, tag ?? null, frequency ?? null],
    );
    return (await groupOfTeam(tx, teamId, id))!;
  });
}

/** Deletes a team's group (its items go with it); false when the team has no such group. */
export async function deleteAdGroup(db: Db, teamId: string, id: string): Promise<boolean> {
  const deleted = await db.query('DELETE FROM advertisement_groups WHERE id = $1 AND team_id = $2 RETURNING id', [
    id,
    teamId,
  ]);
  return deleted.length > 0;
}

/** Whether every one of the ids is an ad of the team. */
async function allAdsOfTeam(db: Db, teamId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db.query('SELECT id FROM advertisements WHERE team_id = $1 AND id = ANY($2::text[])', [
    teamId,
    ids,
  ]);
  return rows.length === ids.length;
}

const ITEMS_WRITE = {
  // after the group's last item; an ad already in the group keeps its place
  append: `INSERT INTO advertisement_group_items (group_id, advertisement_id, position)
       SELECT $1, v.id, COALESCE((SELECT max(position) FROM advertisement_group_items WHERE group_id = $1), 0) + v.n
         FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n)
       ON CONFLICT (group_id, advertisement_id) DO NOTHING`,
  replace: `INSERT INTO advertisement_group_items (group_id, advertisement_id, position)
       SELECT $1, v.id, v.n FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n)`,
};

/**
 * Appends ads to a group, or replaces its items with the ids in their order (a reorder, a removal,
 * or both at once), in one transaction. Every ad and the group must be the team's (404 otherwise,
 * nothing changes). Returns the group after the change.
 */
export async function writeGroupItems(
  db: Db,
  teamId: string,
  groupId: string,
  adIds: string[],
  mode: keyof typeof ITEMS_WRITE,
): Promise<AdGroup> {
  return db.tx(async (tx) => {
    await lockGroup(tx, teamId, groupId);
    if (!(await allAdsOfTeam(tx, teamId, adIds))) throw notFound('Advertisement');
    if (mode === 'replace') await tx.query('DELETE FROM advertisement_group_items WHERE group_id = $1', [groupId]);
    await tx.query(ITEMS_WRITE[mode], [groupId, adIds]);
    return (await groupOfTeam(tx, teamId, groupId))!;
  });
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
