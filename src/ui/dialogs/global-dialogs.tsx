import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { globalDialogsMachine, type GlobalDialogsInput } from '../../machines/global-dialogs/global-dialogs.machine';
import { selectSettingsDialog, type GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';
import { selectTeam, selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { SettingsDialog } from '../settings/settings-dialog';
import { OtaAccountsDialog } from './ota-accounts-dialog';
import { ShortcutSheet } from './shortcut-sheet';
import { TimezoneAlert } from './timezone-alert';

const DialogsRef = createContext<GlobalDialogsActorRef | null>(null);

/** The layout's dialogs (null before a team is selected): the user box opens settings through them. */
export const useGlobalDialogs = () => useContext(DialogsRef);

/**
 * The settings dialog, the timezone alert, the OTA account dialog and the sheet of keyboard
 * shortcuts over any screen of the default layout (`children`). One machine per login and team
 * owns them and decides which may show; a new login or team (the page reloads for one) starts it
 * again, and the user's role is followed by the machine itself.
 */
export function GlobalDialogs({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const teamId = SessionContext.useSelector((s) => selectTeam(s)?.id ?? null);
  const teamTimezone = SessionContext.useSelector((s) => selectTeam(s)?.timezone ?? 'UTC');
  const role = SessionContext.useSelector((s) => selectTeam(s)?.role ?? null);
  const token = SessionContext.useSelector((s) => s.context.token);
  const user = SessionContext.useSelector(selectUser);
  if (!teamId || !role || !token || !user) return <DialogsRef.Provider value={null}>{children}</DialogsRef.Provider>;
  const input: GlobalDialogsInput = {
    teamId,
    teamTimezone,
    role,
    token,
    user: { id: user.id, name: user.name, avatarUrl: user.avatarUrl },
    origin: window.location.origin,
    session,
  };
  return (
    <Dialogs key={`${teamId} ${token}`} input={input} email={user.email}>
      {children}
    </Dialogs>
  );
}

function Dialogs({ input, email, children }: { input: GlobalDialogsInput; email: string; children: ReactNode }) {
  const inspect = useInspect();
  const actor = useActorRef(globalDialogsMachine, { inspect, input });
  const settings = useSelector(actor, selectSettingsDialog);
  return (
    <DialogsRef.Provider value={actor}>
      {children}
      {settings && <SettingsDialog actor={settings} email={email} />}
      <TimezoneAlert actor={actor} />
      <OtaAccountsDialog actor={actor} />
      <ShortcutSheet actor={actor} />
    </DialogsRef.Provider>
  );
}
