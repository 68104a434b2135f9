import { useActorRef } from '@xstate/react';
import {
  settingsDialogMachine,
  type SettingsDialogInput,
} from '../../machines/settings-dialog/settings-dialog.machine';
import type { SessionUser, TeamSummary } from '../../domain/session-rules';
import type { SessionActorRef } from '../../machines/session/selectors';
import { useInspect } from '../app/inspect';

/**
 * The `/setting` screen's root: the dialog's actor for the signed-in user and their selected team
 * (saves patch the session), and where closing it leaves to. (Over other screens the layout's
 * dialogs machine owns the settings dialog.)
 */
export function useSettingsDialog(
  session: SessionActorRef,
  user: SessionUser,
  team: TeamSummary,
  closesTo: SettingsDialogInput['closesTo'],
) {
  const input: SettingsDialogInput = {
    userId: user.id,
    name: user.name,
    avatarUrl: user.avatarUrl,
    teamId: team.id,
    role: team.role,
    timezone: team.timezone,
    origin: window.location.origin,
    session,
    closesTo,
  };
  const inspect = useInspect();
  return useActorRef(settingsDialogMachine, { inspect, input });
}
