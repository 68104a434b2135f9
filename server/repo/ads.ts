import type { Schemas } from '../contract';
import type { Db } from '../db/client';

/** Advertisements and advertisement groups of a team. */
export type Ad = Schemas['Ad'];
export type AdGroup = Schemas['AdGroup'];

interface AdRow {
  id: string;
  team_id: string;
  tag: string | null;
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
  const groups = await db.query<{ id: string; tag: string | null; team_id: string }>(
    `SELECT id, tag, team_id FROM advertisement_groups
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
    items: items.filter((i) => i.group_id === g.id).map(mapAd),
  }));
}
