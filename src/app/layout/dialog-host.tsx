import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { closeDialog, useDialog } from '@/features/ui';

/** Renders the dynamic dialog of the UI store (spec §2: "dynamic dialogs"); openDialog() shows it. */
export function DialogHost() {
  const dialog = useDialog();
  return (
    <Dialog.Root
      open={dialog.show}
      onOpenChange={(e) => {
        if (!e.open) closeDialog();
      }}
      size={dialog.size ?? 'md'}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {dialog.title ? (
              <Dialog.Header>
                <Dialog.Title>{dialog.title}</Dialog.Title>
              </Dialog.Header>
            ) : null}
            <Dialog.Body pt={dialog.title ? undefined : '6'}>{dialog.content}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
