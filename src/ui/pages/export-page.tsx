import { Text } from '@chakra-ui/react';
import { selectTeam, selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { ExportScreen } from '../export/export-screen';
import { PageHeading } from './page-heading';

/** `/export`: CSV export of the team's orders or tours. */
export function ExportPage() {
  const team = SessionContext.useSelector(selectTeam);
  const user = SessionContext.useSelector(selectUser);
  return (
    <>
      <PageHeading />
      {team ? (
        <ExportScreen
          // another team is another export
          key={team.id}
          teamId={team.id}
          timezone={team.timezone || 'UTC'}
          userName={user?.name || user?.email || 'unknown'}
        />
      ) : (
        <Text color="fg.muted">Choose a team to export its orders and tours.</Text>
      )}
    </>
  );
}
