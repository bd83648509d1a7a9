import { Button, HStack, Stack, type ButtonProps } from '@chakra-ui/react';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useId, type ReactNode } from 'react';
import { AppDialog, type AppDialogProps } from './app-dialog';

/** A FormDialog's title, buttons and state. */
export interface FormDialogProps extends Pick<AppDialogProps, 'title' | 'role' | 'onClose' | 'children'> {
  /** The confirm button's words and palette. */
  submitLabel: ReactNode;
  colorPalette: ButtonProps['colorPalette'];
  cancelLabel?: string;
  /** Its mutation is under way: the confirm button spins and nothing but the mutation closes the dialog. */
  pending: boolean;
  /** The confirm button is off (nothing to send yet). */
  disabled?: boolean;
  /** The confirm button or Enter in a field; the browser's own submit is prevented. */
  onSubmit(): void;
}

/** A small dialog that asks before a change: its body is a form, its footer Cancel and the confirm button. */
export function FormDialog({
  submitLabel,
  colorPalette,
  cancelLabel = 'Cancel',
  pending,
  disabled,
  onSubmit,
  onClose,
  children,
  ...dialog
}: FormDialogProps) {
  const id = useId();
  return (
    <AppDialog
      open
      size="sm"
      fullOnPhones
      {...dialog}
      onClose={() => !pending && onClose()}
      footer={
        <HStack gap="3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={id} colorPalette={colorPalette} disabled={disabled} loading={pending}>
            {submitLabel}
          </Button>
        </HStack>
      }
    >
      <form
        id={id}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="3">{children}</Stack>
      </form>
    </AppDialog>
  );
}

/** A dialog's mutation callbacks: say `success` and close; toast a failure and close unless `keep` shows it. */
export const settleDialog = (onClose: () => void, success: string, keep?: (failure: unknown) => boolean) => ({
  onSuccess: () => {
    notify.success(success);
    onClose();
  },
  onError: (failure: unknown) => {
    if (keep?.(failure)) return;
    toastError(failure);
    onClose();
  },
});
