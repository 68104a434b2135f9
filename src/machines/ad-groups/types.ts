import type { Ad, AdGroup } from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import type { GroupItemsReport } from '../group-items/types';

/** The team's advertisement groups: create (with a tag, or none), open one to edit its ads, delete. */
export interface AdGroupsInput {
  teamId: string;
  groups: AdGroup[];
  ads: Ad[];
  /** The group to open at once (the URL's `group`), if it exists. */
  openId: string | null;
  /** The user's role in the team: creating and deleting groups need the role matrix's. */
  role: Role;
}

export interface AdGroupsContext extends AdGroupsInput {
  /** The new group's tag as typed (blank: no tag). */
  tagDraft: string;
  /** What the server refused of the new group. */
  createRefusal: string | null;
  /** The group asked to be deleted. */
  deleteId: string | null;
}

export type AdGroupsEvent =
  | { type: 'groups.tag'; text: string }
  | { type: 'groups.create' }
  | { type: 'groups.open'; id: string }
  | { type: 'groups.close' }
  | { type: 'groups.delete'; id: string }
  | { type: 'groups.deleteConfirm' }
  | { type: 'groups.deleteCancel' }
  /** The parent: the team's ads changed. */
  | { type: 'groups.ads'; ads: Ad[] }
  /** Raised: a deleted group's editor closes if it was open. */
  | { type: 'groups.gone'; id: string }
  | GroupItemsReport;

export type AdGroupsReport = { type: 'groups.changed'; groups: AdGroup[] };

export const CREATE_FAILED = 'Failed to create advertisement group';
export const DELETE_FAILED = 'Failed to delete advertisement group';
