import type { Ad, AdGroup, AdTag } from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import type { AdEditorReport } from '../ad-editor/types';
import type { AdGroupsReport } from '../ad-groups/types';

/** The ads list screen (`/marketing/ads-list`): the team's ads by tag, their editor and the groups. */
export interface AdsListInput {
  teamId: string;
  /** The URL's `tag`: only the ads of that tag (null: all). */
  tag: AdTag | null;
  /** The URL's `group`: the group to open. */
  groupId: string | null;
  /** The user's role in the team: what it may change (the role matrix) is offered, nothing else. */
  role: Role;
}

export interface AdsListContext extends AdsListInput {
  ads: Ad[];
  groups: AdGroup[];
  /** The ad in the editor (null: a new one). */
  editing: Ad | null;
  /** The tag move under way. */
  move: { id: string; tag: AdTag } | null;
}

export type AdsListEvent =
  | { type: 'ads.retry' }
  | { type: 'ads.filter'; tag: AdTag | null }
  | { type: 'ad.create' }
  | { type: 'ad.edit'; id: string }
  | { type: 'ad.move'; id: string; tag: AdTag }
  | AdEditorReport
  | AdGroupsReport;

export const LOAD_FAILED = 'The advertisements could not be loaded.';
export const MOVE_FAILED = 'Failed to update advertisement';
