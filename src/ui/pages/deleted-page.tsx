import { Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../domain/statuses';
import { deletedRecordsMachine } from '../../machines/deleted-records/deleted-records.machine';
import { selectNavCounts, selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { DeletedScreen } from '../deleted/deleted-screen';
import { PageHeading } from './page-heading';

/** `/deleted`: the team's recently deleted orders and tours. */
export function DeletedPage() {
  const team = SessionContext.useSelector(selectTeam);
  return (
    <>
      <PageHeading />
      {team ? (
        // another team, or another role in it, is another screen
        <Deleted key={`${team.id}/${team.role}`} teamId={team.id} role={team.role} timezone={team.timezone || 'UTC'} />
      ) : (
        <Text color="fg.muted">Choose a team to see what was deleted.</Text>
      )}
    </>
  );
}

/** Starts the screen's root actor (its only actor). */
function Deleted({ teamId, role, timezone }: { teamId: string; role: Role; timezone: string }) {
  const navigate = useNavigate();
  const navCounts = SessionContext.useSelector(selectNavCounts) ?? null;
  const [logic] = useState(() =>
    deletedRecordsMachine.provide({ actions: { navigate: (_, params) => void navigate(params.to) } }),
  );
  const root = useActorRef(logic, { inspect: useInspect(), input: { teamId, role, navCounts } });
  return <DeletedScreen root={root} timezone={timezone} />;
}
