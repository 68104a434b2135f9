import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';

/** The settings of a user (their profile) or of a team: a name and an avatar, the same columns in both tables. */
export type SettingOwner = 'users' | 'teams';

/** One setting changed at a time: the name, or the avatar (a checked data URL). */
export type SettingChange = { name: string } | { avatarUrl: string };

interface SettingRow {
  name: string;
  avatar_url: string | null;
}

const toSetting = (row: SettingRow | undefined): Schemas['Setting'] | undefined =>
  row && { name: row.name, avatarUrl: row.avatar_url };

/** The name and avatar of the user or team with this id; undefined when there is none. */
export async function settingOf(db: Db, owner: SettingOwner, id: string): Promise<Schemas['Setting'] | undefined> {
  const [row] = await db.query<SettingRow>(`SELECT name, avatar_url FROM ${owner} WHERE id = $1`, [id]);
  return toSetting(row);
}

/** Changes the name or the avatar; answers the settings after the change, undefined when there is no such row. */
export async function changeSetting(
  db: Db,
  owner: SettingOwner,
  id: string,
  change: SettingChange,
): Promise<Schemas['Setting'] | undefined> {
  const [column, value] = 'avatarUrl' in change ? ['avatar_url', change.avatarUrl] : ['name', change.name];
  const [row] = await db.query<SettingRow>(
    `UPDATE ${owner} SET ${column} = $2 WHERE id = $1 RETURNING name, avatar_url`,
    [id, value],
  );
  return toSetting(row);
}
