import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionUser, TeamSummary } from '../../domain/session-rules';
import { PATHS } from '../../domain/paths';
import { selectTeam, selectUser, type SessionActorRef } from '../../machines/session/selectors';
import {
  SETTINGS_PAGES,
  type SettingsPage as SettingsPageKey,
} from '../../machines/settings-dialog/settings-dialog.machine';
import { SessionContext } from '../app/actors';
import { SettingsDialog } from '../settings/settings-dialog';
import { useSettingsDialog } from '../settings/use-settings-dialog';
import { PageHeading } from './page-heading';

/** `?page=member`: the page the dialog opens on (the machine refuses one the role may not open). */
function pageOf(search: string): SettingsPageKey | null {
  const page = new URLSearchParams(search).get('page');
  return SETTINGS_PAGES.find((p) => p === page) ?? null;
}

/**
 * `/setting` opens the settings dialog (`?page=` names its page). Closing it goes back to where the person came from within
 * the app (the previous history entry), or to the landing page when `/setting` was opened directly.
 */
function RoutedSettings({ session, user, team }: { session: SessionActorRef; user: SessionUser; team: TeamSummary }) {
  const dialog = useSettingsDialog(session, user, team);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromApp = location.key !== 'default';
  const [page] = useState(() => pageOf(location.search));
  useEffect(() => {
    const closed = dialog.on('dialog.closed', ({ route }) => {
      // closed for the router's own navigation (the browser's Back over a draft): it is under way
      if (route) return;
      if (cameFromApp) navigate(-1);
      else navigate(PATHS.landing, { replace: true });
    });
    dialog.send({ type: 'dialog.open' });
    if (page) dialog.send({ type: 'dialog.select', page });
    return () => closed.unsubscribe();
  }, [dialog, navigate, cameFromApp, page]);
  return <SettingsDialog actor={dialog} email={user.email} />;
}

export function SettingsPage() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {user && team && <RoutedSettings session={session} user={user} team={team} />}
    </>
  );
}
