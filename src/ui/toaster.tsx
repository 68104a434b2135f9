import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import type { AnyEventObject } from 'xstate';
import type { NotifyEvent } from '../machines/notify';

/** Toasts per SPEC section 9: top-center, 4000 ms, at most 3, 14 px apart, 356 px wide. */
export const TOAST_WIDTH = '356px';
export const toaster = createToaster({ placement: 'top', duration: 4000, max: 3, gap: 14 });

/** Shows a machine's `notify` event; `reply` sends the toast's action event back to that machine. */
export function showNotification(notice: NotifyEvent, reply: (event: AnyEventObject) => void): void {
  const action = notice.action;
  toaster.create({
    // an `id: undefined` would replace the toaster's generated id (and the toast would not render)
    ...(notice.id ? { id: notice.id } : {}),
    type: notice.kind,
    title: notice.message,
    description: notice.detail,
    closable: true,
    action: action ? { label: action.label, onClick: () => reply(action.event) } : undefined,
  });
}

/** Takes a toast away when its action no longer applies (`notify.close`). */
export function closeNotification(id: string): void {
  toaster.dismiss(id);
}

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={TOAST_WIDTH} maxWidth="calc(100vw - 2rem)">
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
