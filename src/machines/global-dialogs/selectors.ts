import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { globalDialogsMachine } from './global-dialogs.machine';

export type GlobalDialogsActorRef = ActorRefFrom<typeof globalDialogsMachine>;
type GlobalDialogsSnapshot = SnapshotFrom<typeof globalDialogsMachine>;

export const selectShortcutsOpen = (s: GlobalDialogsSnapshot) => s.matches({ shortcuts: 'open' });
/** The settings dialog (the user box opens it; the layout renders it). */
export const selectSettingsDialog = (s: GlobalDialogsSnapshot) => s.children.settings;
