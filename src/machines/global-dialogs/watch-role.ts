import { fromCallback, type EventObject } from 'xstate';
import { findTeam } from '../../domain/session-rules';
import type { Role } from '../../domain/statuses';
import type { SessionActorRef } from '../session/selectors';

export interface RoleChanged {
  type: 'role.changed';
  role: Role;
}

/**
 * Tells the dialogs when the user's role in their team changes (the session loads the teams again
 * after one's own role changed on the Members page), so what the role allows follows without
 * starting the dialogs again, and the settings dialog open at the time stays open.
 */
export const watchRole = fromCallback<EventObject, { session: SessionActorRef; teamId: string; role: Role }>(
  ({ input, sendBack }) => {
    let role = input.role;
    const subscription = input.session.subscribe((snapshot) => {
      const now = findTeam(snapshot.context.user, input.teamId)?.role;
      if (!now || now === role) return;
      role = now;
      sendBack({ type: 'role.changed', role } satisfies RoleChanged);
    });
    return () => subscription.unsubscribe();
  },
);
