import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionUser, TeamSummary } from '../../domain/session-rules';
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
 * `/setting` opens the settings dialog (`?page=` names its page). Its machine says where closing it
 * leaves to: back where the person came from within the app, or the landing page when `/setting`
 * was opened directly.
 */
function RoutedSettings({ session, user, team }: { session: SessionActorRef; user: SessionUser; team: TeamSummary }) {
  const location = useLocation();
  const dialog = useSettingsDialog(session, user, team, location.key !== 'default' ? 'back' : 'landing');
  const navigate = useNavigate();
  const [page] = useState(() => pageOf(location.search));
  useEffect(() => {
    const closed = dialog.on('dialog.closed', ({ to }) => {
      if (to === 'back') void navigate(-1);
      else if (to) void navigate(to, { replace: true });
    });
    dialog.send({ type: 'dialog.open' });
    if (page) dialog.send({ type: 'dialog.select', page });
    return () => closed.unsubscribe();
  }, [dialog, navigate, page]);
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
