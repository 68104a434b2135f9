import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, orThrow } from './policy';

/** Team and profile settings, team members, and reading a picked image as a data URL. */
export type Setting = components['schemas']['Setting'];
export type TeamMember = components['schemas']['TeamMember'];

/** Exactly one of a new name or a new avatar (an inline data URL). */
export type SettingChange = { name: string } | { avatar: string };

/** Settings fetch failure: null (SPEC section 8). */
export const getTeamSetting = fromPromise<Setting | null, { teamId: string }>(({ input, signal }) =>
  fetchOrNull('getTeamSetting', () =>
    api.GET('/api/v1/team/setting', { params: { query: { teamId: input.teamId } }, signal }),
  ),
);

/** Throws on failure, so the machine can say so ('Failed to update team name' / '... logo'). */
export const updateTeamSetting = fromPromise<Setting, { teamId: string; change: SettingChange }>(({ input, signal }) =>
  orThrow('updateTeamSetting', () =>
    api.PUT('/api/v1/team/setting', { params: { query: { teamId: input.teamId } }, body: input.change, signal }),
  ),
);

export const getUserSetting = fromPromise<Setting | null, { userId: string }>(({ input, signal }) =>
  fetchOrNull('getUserSetting', () =>
    api.GET('/api/v1/user/setting', { params: { query: { userId: input.userId } }, signal }),
  ),
);

export const updateUserSetting = fromPromise<Setting, { userId: string; change: SettingChange }>(({ input, signal }) =>
  orThrow('updateUserSetting', () =>
    api.PUT('/api/v1/user/setting', { params: { query: { userId: input.userId } }, body: input.change, signal }),
  ),
);

/** Throws on failure: the Members page shows a failure with a retry instead of an empty list. */
export const listTeamMembers = fromPromise<TeamMember[], { teamId: string }>(async ({ input, signal }) => {
  const data = await orThrow('listTeamMembers', () =>
    api.GET('/api/v1/team/members', { params: { query: { teamId: input.teamId } }, signal }),
  );
  return data.members;
});

/** The picked file as a `data:image/...;base64,` URL (FileReader is I/O, so it lives here). */
export const readDataUrl = fromPromise<string, { file: Blob }>(
  ({ input, signal }) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
      signal.addEventListener('abort', () => reader.abort());
      reader.readAsDataURL(input.file);
    }),
);
