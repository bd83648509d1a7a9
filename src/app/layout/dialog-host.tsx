import { AppDialog } from '@/components/app-dialog';
import { closeDialog, useDialog } from '@/features/ui';

/**
 * Renders the dynamic dialog of the UI store (docs/behaviour.md#header-footer-and-menu); openDialog() shows
 * it.
 */
export function DialogHost() {
  const dialog = useDialog();
  return (
    <AppDialog open={dialog.show} onClose={closeDialog} title={dialog.title} size={dialog.size}>
      {dialog.content}
    </AppDialog>
  );
}
