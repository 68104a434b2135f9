import { Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { AdsListScreen } from '../marketing/ads-list-screen';
import { PageHeading } from './page-heading';

/** `/marketing/ads-list`: the team's advertisements (`?tag=` filters) and groups (`?group=` opens one). */
export function AdsListPage() {
  const team = SessionContext.useSelector(selectTeam);
  const { search } = useLocation();
  return (
    <>
      <PageHeading />
      {/* another team is another screen; the URL is read when the screen starts */}
      {team ? (
        <AdsListScreen key={`${team.id} ${team.role}`} teamId={team.id} role={team.role} search={search} />
      ) : (
        <Text color="fg.muted">Choose a team first.</Text>
      )}
    </>
  );
}
