import { Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectLive, selectTeam } from '../../machines/session/selectors';
import { statisticsMachine } from '../../machines/statistics/statistics.machine';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { StatisticsScreen } from '../statistics/statistics-screen';
import { PageHeading } from './page-heading';

/** `/statistics`: the team's orders by channel over a month. */
export function StatisticsPage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {team ? (
        // another team is another screen
        <Statistics key={team.id} teamId={team.id} timezone={team.timezone || 'UTC'} />
      ) : (
        <Text color="fg.muted">Choose a team to see its statistics.</Text>
      )}
    </>
  );
}

/** Starts the screen's root actor (its only actor) and tells it where the URL is. */
function Statistics({ teamId, timezone }: { teamId: string; timezone: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const live = SessionContext.useSelector(selectLive) ?? null;
  const [logic] = useState(() =>
    statisticsMachine.provide({ actions: { navigate: (_, params) => void navigate(params.to) } }),
  );
  const root = useActorRef(logic, {
    inspect: useInspect(),
    input: { teamId, timezone, search: location.search, now: Date.now(), live },
  });
  useEffect(() => root.send({ type: 'url.changed', search: location.search }), [root, location.search]);
  return <StatisticsScreen root={root} />;
}
