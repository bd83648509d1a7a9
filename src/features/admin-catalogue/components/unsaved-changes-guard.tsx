import { Button, Text } from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { useBlocker } from '@tanstack/react-router';

/** Asks before a navigation (or a tab close) would throw away unsaved changes. */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true });
  const open = blocker.status === 'blocked';
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      onClose={() => (open ? blocker.reset() : undefined)}
      title="Leave without saving?"
      footer={
        <>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Keep editing
          </Button>
          <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
            Leave and discard
          </Button>
        </>
      }
    >
      <Text>Your changes to this product are not saved yet. If you leave now they are lost.</Text>
    </AppDialog>
  );
}
