/** A centred modal dialog's frame: backdrop, content box and the corner close button; the caller fills the content. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** `role`: "alertdialog" for a confirmation; `scroll`: "inside" keeps a long body scrolling within the dialog. */
export function DialogFrame({ open, onClose, role, scroll, testId, children }: {
  open: boolean; onClose(): void; role?: 'dialog' | 'alertdialog'; scroll?: 'inside' | 'outside'; testId?: string; children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role={role} lazyMount unmountOnExit placement="center" scrollBehavior={scroll}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid={testId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
