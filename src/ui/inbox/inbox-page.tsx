import { Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { inboxMachine } from '../../machines/inbox/inbox.machine';
import { selectLive, selectNavCounts, selectTeam, selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { PageHeading } from '../pages/page-heading';
import { InboxScreen } from './inbox-screen';

/** `/orders/inbox`: what came from the channels and needs a person. */
export function InboxPage() {
  const team = SessionContext.useSelector(selectTeam);
  const user = SessionContext.useSelector(selectUser);
  return (
    <>
      <PageHeading />
      {team && user ? (
        // another team is another screen
        <Inbox
          key={team.id}
          teamId={team.id}
          user={{ id: user.id, name: user.name }}
          timezone={team.timezone || 'UTC'}
        />
      ) : (
        <Text color="fg.muted">Choose a team to see its inbox.</Text>
      )}
    </>
  );
}

/** Starts the screen's root actor (its only actor). */
function Inbox({ teamId, user, timezone }: { teamId: string; user: { id: string; name: string }; timezone: string }) {
  const navCounts = SessionContext.useSelector(selectNavCounts) ?? null;
  const live = SessionContext.useSelector(selectLive) ?? null;
  const root = useActorRef(inboxMachine, { inspect: useInspect(), input: { teamId, user, navCounts, live } });
  return <InboxScreen root={root} timezone={timezone} />;
}
