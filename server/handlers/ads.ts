import { randomUUID } from 'node:crypto';
import type { RequestBody } from '../contract';
import { checkAdUrls } from '../http/ad-urls';
import { requireTeam } from '../http/access';
import { notFound } from '../http/errors';
import { AD_COLUMNS, adsOfTeam, groupsOfTeam, mapAd } from '../repo/ads';
import { body, ctx, params, query, type Handler } from './util';
import { checkUnique } from './validate';

/** Marketing: advertisements (tagged new on creation) and groups of them. */
export const listAds: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  return { advertisements: await adsOfTeam(db, team.teamId) };
};

export const createAd: Handler = async (req) => {
  const { db, user } = ctx(req);
  const input = body<RequestBody<'createAd'>>(req);
  checkAdUrls(input);
  const team = await requireTeam(db, user.userId, input.teamId);
  const [row] = await db.query<Parameters<typeof mapAd>[0]>(
    `INSERT INTO advertisements AS a (id, team_id, tag, title, image_url, link_url)
     VALUES ($1, $2, 'new', $3, $4, $5) RETURNING ${AD_COLUMNS}`,
    [randomUUID(), team.teamId, input.title ?? '', input.imageUrl ?? null, input.linkUrl ?? null],
  );
  return mapAd(row);
};

export const updateAd: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const input = body<RequestBody<'updateAd'>>(req);
  checkAdUrls(input);
  const team = await requireTeam(db, user.userId, input.teamId);
  const [row] = await db.query<Parameters<typeof mapAd>[0]>(
    `UPDATE advertisements a SET
       tag = CASE WHEN $3 THEN $4 ELSE a.tag END,
       title = COALESCE($5, a.title),
       image_url = CASE WHEN $6 THEN $7 ELSE a.image_url END,
       link_url = CASE WHEN $8 THEN $9 ELSE a.link_url END
     WHERE a.id = $1 AND a.team_id = $2 RETURNING ${AD_COLUMNS}`,
    [
      id,
      team.teamId,
      input.tag !== undefined,
      input.tag ?? null,
      input.title ?? null,
      input.imageUrl !== undefined,
      input.imageUrl ?? null,
      input.linkUrl !== undefined,
      input.linkUrl ?? null,
    ],
  );
  if (!row) throw notFound('Advertisement');
  return mapAd(row);
};

export const listAdGroups: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  return { groups: await groupsOfTeam(db, team.teamId) };
};

export const createAdGroup: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { teamId, tag } = body<RequestBody<'createAdGroup'>>(req);
  const team = await requireTeam(db, user.userId, teamId);
  const id = randomUUID();
  await db.query('INSERT INTO advertisement_groups (id, team_id, tag) VALUES ($1, $2, $3)', [id, team.teamId, tag]);
  return { id, tag, teamId: team.teamId, items: [] };
};

export const getAdGroup: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const [group] = await groupsOfTeam(db, team.teamId, [id]);
  if (!group) throw notFound('Advertisement group');
  return group;
};

/** Appends ads to a group; every ad and the group must be the team's (404 otherwise, nothing changes). */
export const addAdGroupItems: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { teamId, advertisementIds } = body<RequestBody<'addAdGroupItems'>>(req);
  checkUnique(advertisementIds, 'advertisement ids');
  const team = await requireTeam(db, user.userId, teamId);
  const group = await db.tx(async (tx) => {
    const [g] = await tx.query('SELECT id FROM advertisement_groups WHERE id = $1 AND team_id = $2 FOR UPDATE', [
      id,
      team.teamId,
    ]);
    if (!g) throw notFound('Advertisement group');
    const ads = await tx.query('SELECT id FROM advertisements WHERE team_id = $1 AND id = ANY($2::text[])', [
      team.teamId,
      advertisementIds,
    ]);
    if (ads.length !== advertisementIds.length) throw notFound('Advertisement');
    await tx.query(
      `INSERT INTO advertisement_group_items (group_id, advertisement_id, position)
       SELECT $1, v.id, COALESCE((SELECT max(position) FROM advertisement_group_items WHERE group_id = $1), 0) + v.n
         FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n)
       ON CONFLICT (group_id, advertisement_id) DO NOTHING`,
      [id, advertisementIds],
    );
    return (await groupsOfTeam(tx, team.teamId, [id]))[0];
  });
  return { success: true, group };
};
