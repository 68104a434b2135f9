import { useActorRef } from '@xstate/react';
import { globalDialogsMachine, type GlobalDialogsInput } from '../../machines/global-dialogs/global-dialogs.machine';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { OtaAccountsDialog } from './ota-accounts-dialog';
import { ShortcutSheet } from './shortcut-sheet';
import { TimezoneAlert } from './timezone-alert';
import { useInspect } from '../app/inspect';

/**
 * The timezone alert, the OTA account dialog and the sheet of keyboard shortcuts over any screen
 * of the default layout. One machine per login and team decides which may show (one at a time).
 */
export function GlobalDialogs() {
  const teamId = SessionContext.useSelector((s) => selectTeam(s)?.id ?? null);
  const teamTimezone = SessionContext.useSelector((s) => selectTeam(s)?.timezone ?? 'UTC');
  const role = SessionContext.useSelector((s) => selectTeam(s)?.role ?? null);
  const token = SessionContext.useSelector((s) => s.context.token);
  if (!teamId || !role || !token) return null;
  return <Dialogs key={`${teamId} ${role} ${token}`} input={{ teamId, teamTimezone, role, token }} />;
}

function Dialogs({ input }: { input: GlobalDialogsInput }) {
  const inspect = useInspect();
  const actor = useActorRef(globalDialogsMachine, { inspect, input });
  return (
    <>
      <TimezoneAlert actor={actor} />
      <OtaAccountsDialog actor={actor} />
      <ShortcutSheet actor={actor} />
    </>
  );
}
