import { useEffect } from 'react';
import type { AnyEventObject } from 'xstate';
import type { NotifyEvent } from '../../machines/notify';
import { showNotification } from '../toaster';
import { AppContext, SessionContext } from './actors';

interface Notifier {
  on(type: 'notify', handler: (event: NotifyEvent) => void): { unsubscribe(): void };
  send(event: AnyEventObject): void;
}

/** Renders an actor's `notify` events as toasts for as long as the calling component lives. */
export function useNotifications(actor: Notifier): void {
  useEffect(() => {
    const subscription = actor.on('notify', (notice) => showNotification(notice, (event) => actor.send(event)));
    return () => subscription.unsubscribe();
  }, [actor]);
}

/** The one subscriber for the app-wide actors. */
export function NotificationBridge() {
  useNotifications(SessionContext.useActorRef());
  useNotifications(AppContext.useActorRef());
  return null;
}
