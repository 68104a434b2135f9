import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  /** While the confirmed action runs: the confirm button spins, Cancel waits. */
  busy?: boolean;
}

/** A question before something is lost (a template, unsaved changes, a member, a key): an alert dialog,
 *  open while rendered; Escape cancels. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  testId,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      testId={testId}
      title={title}
      role="alertdialog"
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
