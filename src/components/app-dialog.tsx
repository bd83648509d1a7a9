import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AppDialogProps {
  title?: ReactNode;
  open: boolean;
  /** Any way of dismissing it: the close button, Escape, a click outside. */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Full screen below `sm`, for forms on phones. */
  fullOnPhones?: boolean;
  /** The dialog role: `alertdialog` for a question that must be answered. */
  role?: 'dialog' | 'alertdialog';
  closeOnInteractOutside?: boolean;
}

/** The shop's one dialog frame: a centred dialog with a title, a body, a footer and a close button. */
export function AppDialog({
  title,
  open,
  onClose,
  children,
  footer,
  size = 'md',
  fullOnPhones = false,
  role = 'dialog',
  closeOnInteractOutside,
}: AppDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={fullOnPhones ? { base: 'full', sm: size } : size}
      placement="center"
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {title ? (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            ) : null}
            <Dialog.Body pt={title ? undefined : '6'}>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('closeDialog')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
