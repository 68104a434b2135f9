import { Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

interface ModalProps {
  testId: string;
  title: string;
  /** Escape, the backdrop or the close gesture: the machine decides what closing means. */
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  /** `alertdialog` for a question before something is lost. */
  role?: 'dialog' | 'alertdialog';
  /** `lg` for a dialog that shows a document (an e-mail's preview). */
  size?: 'md' | 'lg';
}

/** A centred dialog open for as long as it is rendered: title, body and footer (the machine shows or hides it). */
export function Modal({ testId, title, onClose, children, footer, role = 'dialog', size = 'md' }: ModalProps) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role={role}
      open
      placement="center"
      size={size}
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
