import { randomUUID } from 'node:crypto';
import type { RequestBody } from '../contract';
import type { Db } from '../db/client';
import { checkAdUrls } from '../http/ad-urls';
import { requireTeam } from '../http/access';
import { badRequest, conflict, notFound } from '../http/errors';
import { AD_COLUMNS, adsOfTeam, allAdsOfTeam, groupsOfTeam, lockGroup, mapAd, PLACEMENTS } from '../repo/ads';
import { body, ctx, params, query, type Handler } from './util';
import { checkUnique } from './validate';

/** Marketing: advertisements (tagged new on creation, then active or archived) and groups of them. */
export const listAds: Handler = async (req) => {
  const { db, user } = ctx(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  return { advertisements: await adsOfTeam(db, team.teamId) };
};

export const createAd: Handler = async (req) => {
  const { db, user } = ctx(req);
  const input = checkAdUrls(body<RequestBody<'createAd'>>(req));
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
  const input = checkAdUrls(body<RequestBody<'updateAd'>>(req));
  const team = await requireTeam(db, user.userId, input.teamId);
  const [row] = await db.query<Parameters<typeof mapAd>[0]>(
    `UPDATE advertisements a SET
       tag = COALESCE($3, a.tag),
       title = COALESCE($4, a.title),
       image_url = CASE WHEN $5 THEN $6 ELSE a.image_url END,
       link_url = CASE WHEN $7 THEN $8 ELSE a.link_url END
     WHERE a.id = $1 AND a.team_id = $2 RETURNING ${AD_COLUMNS}`,
    [
      id,
      team.teamId,
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

/** Tags are compared as written in lower case; blank is refused (null means none). */
function tagOf(tag: string | null): string | null {
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

export const createAdGroup: Handler = async (req) => {
  const { db, user } = ctx(req);
  const input = body<RequestBody<'createAdGroup'>>(req);
  const tag = tagOf(input.tag);
  const team = await requireTeam(db, user.userId, input.teamId);
  await checkPlacementFree(db, team.teamId, tag, null);
  const id = randomUUID();
  const frequency = input.frequency ?? 'daily';
  // a group created meanwhile with the same placement loses on the unique index (409 too)
  await db.query('INSERT INTO advertisement_groups (id, team_id, tag, frequency) VALUES ($1, $2, $3, $4)', [
    id,
    team.teamId,
    tag,
    frequency,
  ]);
  return { id, tag, teamId: team.teamId, frequency, items: [] };
};

export const getAdGroup: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const [group] = await groupsOfTeam(db, team.teamId, [id]);
  if (!group) throw notFound('Advertisement group');
  return group;
};

export const updateAdGroup: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const input = body<RequestBody<'updateAdGroup'>>(req);
  if (input.tag === undefined && input.frequency === undefined) throw badRequest('Give a tag or a frequency to change');
  const tag = input.tag === undefined ? undefined : tagOf(input.tag);
  const team = await requireTeam(db, user.userId, input.teamId);
  return db.tx(async (tx) => {
    if (!(await lockGroup(tx, team.teamId, id))) throw notFound('Advertisement group');
    if (tag !== undefined) await checkPlacementFree(tx, team.teamId, tag, id);
    await tx.query(
      `UPDATE advertisement_groups SET tag = CASE WHEN $2 THEN $3 ELSE tag END, frequency = COALESCE($4, frequency)
        WHERE id = $1`,
      [id, tag !== undefined, tag ?? null, input.frequency ?? null],
    );
    return (await groupsOfTeam(tx, team.teamId, [id]))[0];
  });
};

export const deleteAdGroup: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const team = await requireTeam(db, user.userId, query<{ teamId: string }>(req).teamId);
  const deleted = await db.query('DELETE FROM advertisement_groups WHERE id = $1 AND team_id = $2 RETURNING id', [
    id,
    team.teamId,
  ]);
  if (deleted.length === 0) throw notFound('Advertisement group');
  return reply.code(204).send();
};

/** Appends ads to a group; every ad and the group must be the team's (404 otherwise, nothing changes). */
export const addAdGroupItems: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { teamId, advertisementIds } = body<RequestBody<'addAdGroupItems'>>(req);
  checkUnique(advertisementIds, 'advertisement ids');
  const team = await requireTeam(db, user.userId, teamId);
  const group = await db.tx(async (tx) => {
    if (!(await lockGroup(tx, team.teamId, id))) throw notFound('Advertisement group');
    if (!(await allAdsOfTeam(tx, team.teamId, advertisementIds))) throw notFound('Advertisement');
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

/** Replaces a group's items with the ids in their order: a reorder, a removal, or both at once. */
export const setAdGroupItems: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { teamId, advertisementIds } = body<RequestBody<'setAdGroupItems'>>(req);
  checkUnique(advertisementIds, 'advertisement ids');
  const team = await requireTeam(db, user.userId, teamId);
  const group = await db.tx(async (tx) => {
    if (!(await lockGroup(tx, team.teamId, id))) throw notFound('Advertisement group');
    if (!(await allAdsOfTeam(tx, team.teamId, advertisementIds))) throw notFound('Advertisement');
    await tx.query('DELETE FROM advertisement_group_items WHERE group_id = $1', [id]);
    await tx.query(
      `INSERT INTO advertisement_group_items (group_id, advertisement_id, position)
       SELECT $1, v.id, v.n FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n)`,
      [id, advertisementIds],
    );
    return (await groupsOfTeam(tx, team.teamId, [id]))[0];
  });
  return { success: true, group };
};
