import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useBlocker } from '@tanstack/react-router';

/** Asks before a navigation (or a tab close) would throw away unsaved changes. */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true });
  const open = blocker.status === 'blocked';
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (!e.open && open ? blocker.reset() : undefined)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Leave without saving?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Your changes to this product are not saved yet. If you leave now they are lost.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => blocker.reset?.()}>
                Keep editing
              </Button>
              <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
                Leave and discard
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
