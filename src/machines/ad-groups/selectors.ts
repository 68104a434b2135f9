import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { groupTagRefusal } from '../../domain/ads';
import type { adGroupsMachine } from './ad-groups.machine';

/** Narrow reads of the groups for their view (use with `useSelector`). */
export type AdGroupsActorRef = ActorRefFrom<typeof adGroupsMachine>;
type Snapshot = SnapshotFrom<typeof adGroupsMachine>;

export const selectGroups = (s: Snapshot) => s.context.groups;
export const selectOpenId = (s: Snapshot) => (s.matches({ open: 'open' }) ? s.context.openId : null);
export const selectGroupItems = (s: Snapshot) => s.children.groupItems;
export const selectTagDraft = (s: Snapshot) => s.context.tagDraft;
/** Why the typed tag cannot be created (known before asking), or what the server said. */
export const selectCreateRefusal = (s: Snapshot) =>
  groupTagRefusal(s.context.tagDraft, s.context.groups) ?? s.context.createRefusal;
/** The role may create groups: the form shows. */
export const selectMayCreate = (s: Snapshot) => !s.matches({ create: 'readOnly' });
/** The role may delete groups: each has its Delete. */
export const selectMayDelete = (s: Snapshot) => !s.matches({ remove: 'readOnly' });
export const selectCanCreate = (s: Snapshot) => s.can({ type: 'groups.create' });
export const selectCreating = (s: Snapshot) => s.hasTag('creating');
export const selectCanDelete = (s: Snapshot, id: string) => s.can({ type: 'groups.delete', id });
export const selectConfirmingDelete = (s: Snapshot) =>
  s.matches({ remove: 'confirming' }) ? (s.context.groups.find((g) => g.id === s.context.deleteId) ?? null) : null;
export const selectDeleting = (s: Snapshot) => s.hasTag('deleting');
