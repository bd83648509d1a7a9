import { Button, HStack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { AppDialog } from '@/components/app-dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog stays open (busy) until it settles and closes after. */
  onConfirm(): Promise<unknown> | void;
  onClose(): void;
  /** The confirm button in the danger palette. */
  destructive?: boolean;
}

/** A question before a change that cannot be undone. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  destructive = true,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <AppDialog
      open
      fullOnPhones
      role="alertdialog"
      size="sm"
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <HStack gap="3">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            colorPalette={destructive ? 'red' : 'primary'}
            onClick={() => void confirm()}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </HStack>
      }
    >
      {children}
    </AppDialog>
  );
}
