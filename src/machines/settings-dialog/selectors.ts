import type { SnapshotFrom } from 'xstate';
import type { settingsDialogMachine } from './settings-dialog.machine';
import type { SettingsDraft } from './shared';
import { PAGE_DRAFTS } from './transitions';

/** Narrow reads of the settings dialog for its view. */
type Snap = SnapshotFrom<typeof settingsDialogMachine>;

/** What closing the dialog would lose (the leave guard's question names it). */
export const selectDrafts = (s: Snap): readonly SettingsDraft[] => s.context.drafts;

/** While going to another page is asked about: the drafts of the page being left, else null. */
export function selectSwitchDrafts(s: Snap): readonly SettingsDraft[] | null {
  const page = s.matches({ open: { member: 'asking' } })
    ? 'member'
    : s.matches({ open: { connections: 'asking' } })
      ? 'connections'
      : null;
  return page ? s.context.drafts.filter((draft) => PAGE_DRAFTS[page].includes(draft)) : null;
}
