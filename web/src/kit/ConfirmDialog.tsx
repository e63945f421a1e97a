/** A confirmation dialog (an alertdialog): what happens, an optional body, Cancel and the action. */
import { Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame.tsx';

/** `disabled`: the action cannot be taken yet (e.g. the body's form is invalid). */
export function ConfirmDialog({ open, title, action, busy, disabled = false, onConfirm, onClose, children }: {
  open: boolean; title: string; action: string; busy: boolean; disabled?: boolean; onConfirm(): void; onClose(): void; children: ReactNode;
}) {
  return (
    <DialogFrame open={open} onClose={onClose} role="alertdialog">
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">{children}</Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button bg="brand.700" color="white" loading={busy} disabled={disabled} onClick={onConfirm}>
          {action}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
