import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { invitationMachine } from '../../machines/invitation/invitation.machine';
import { selectUser, type SessionActorRef } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { InvitationScreen } from './invitation-screen';

/** `/invitations/:token`: an invitation link, for whoever opens it. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const email = SessionContext.useSelector((s) => selectUser(s)?.email ?? null);
  // somebody else signed in is another screen
  return <Invitation key={`${token} ${email ?? ''}`} token={token} signedInEmail={email} />;
}

/** Starts the screen's root actor (its only actor). */
function Invitation({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const session: SessionActorRef = SessionContext.useActorRef();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    invitationMachine.provide({ actions: { navigate: (_, params) => void navigate(params.to) } }),
  );
  const root = useActorRef(logic, {
    inspect: useInspect(),
    input: { token, accept: search.get('accept') === '1', signedInEmail, session },
  });
  return (
    <>
      <ActorTreeNotifications actor={root} />
      <InvitationScreen root={root} signedInEmail={signedInEmail} />
    </>
  );
}
