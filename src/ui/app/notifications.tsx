import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import type { NotifyCloseEvent, NotifyEvent } from '../../machines/notify';
import { selectLive } from '../../machines/session/selectors';
import { closeNotification, showNotification } from '../toaster';
import { AppContext, SessionContext } from './actors';

interface Notifier {
  /** Every emitted event: the toasts' (`notify`, `notify.close`) are shown, the rest are not ours. */
  on(type: '*', handler: (event: NotifyEvent | NotifyCloseEvent | { type: string }) => void): { unsubscribe(): void };
  send(event: AnyEventObject): void;
}

const isNotice = (e: { type: string }): e is NotifyEvent => e.type === 'notify';
const isClose = (e: { type: string }): e is NotifyCloseEvent => e.type === 'notify.close';

/** Renders an actor's `notify` events as toasts for as long as the calling component lives. */
export function useNotifications(actor: Notifier): void {
  useEffect(() => {
    const subscription = actor.on('*', (event) => {
      if (isNotice(event)) showNotification(event, (reply) => actor.send(reply));
      else if (isClose(event)) closeNotification(event.id);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

type Children = Record<string, AnyActorRef | undefined>;

/**
 * Only machines have children to walk and `notify` events to show. A service (promise) actor is
 * never subscribed to: its failure is its parent's to handle, and a view subscribed to it would
 * report that failure as unhandled.
 */
const isMachine = (actor: AnyActorRef) => typeof (actor as { logic?: { root?: unknown } }).logic?.root === 'object';
const childrenOf = (snapshot: unknown): Children => (snapshot as { children?: Children }).children ?? {};
const sameChildren = (a: Children, b: Children) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The toasts of an actor and of every actor below it (a screen's children, their dialogs and edits). */
export function ActorTreeNotifications({ actor }: { actor: AnyActorRef }) {
  useNotifications(actor as Notifier);
  const children = useSelector(actor, childrenOf, sameChildren);
  return (
    <>
      {Object.entries(children).map(
        ([id, child]) => child && isMachine(child) && <ActorTreeNotifications key={id} actor={child} />,
      )}
    </>
  );
}

/** The one subscriber for the app-wide actors (the session's live stream toasts new channel orders). */
export function NotificationBridge() {
  useNotifications(SessionContext.useActorRef());
  useNotifications(AppContext.useActorRef());
  const live = SessionContext.useSelector(selectLive);
  return live ? <ActorTreeNotifications actor={live} /> : null;
}
