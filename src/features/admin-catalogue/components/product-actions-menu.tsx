import { Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { productLink } from '@/features/catalogue';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { AdminProductRow } from '@contract/admin';
import {
  mdiContentCopy,
  mdiDeleteOutline,
  mdiDotsVertical,
  mdiEyeOffOutline,
  mdiEyeOutline,
  mdiPencilOutline,
  mdiStorefrontOutline,
} from '@mdi/js';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useProductMutations } from '../api/product-mutations';

const ACTIONS_VIEW_ERROR = 'An error occurred while setting product actions view.';

export interface ProductActionsMenuProps {
  adminId: string;
  product: AdminProductRow;
  open: boolean;
  /** Which row's menu is open (one at a time; any other click closes it: docs/behaviour.md#back-office). */
  onOpenChange: (open: boolean) => void;
}

/** A row's product-actions menu: Edit, View in shop, Hide/Show, Duplicate, Delete (with confirmation). */
export function ProductActionsMenu({ adminId, product, open, onOpenChange }: ProductActionsMenuProps) {
  const navigate = useNavigate();
  const { patch, archive, duplicate } = useProductMutations();
  const [confirming, setConfirming] = useState(false);
  const hidden = product.status === 'hidden';
  const archived = product.status === 'archived';

  const setView = (next: boolean) => {
    try {
      onOpenChange(next);
    } catch (error) {
      console.error(error);
      notify.error(ACTIONS_VIEW_ERROR);
    }
  };

  const toggleHidden = () =>
    patch.mutate(
      { productId: product.productId, patch: { hidden: !hidden } },
      {
        onSuccess: () =>
          notify.success(
            hidden ? `${product.name} is back in the shop.` : `${product.name} is hidden from the shop.`,
          ),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const restore = () =>
    patch.mutate(
      { productId: product.productId, patch: { archived: false } },
      {
        onSuccess: () => notify.success(`${product.name} was restored.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const remove = () =>
    archive.mutate(product.productId, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(`${product.name} was deleted.`, { action: { label: 'Undo', onClick: restore } });
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  const copy = () =>
    duplicate.mutate(product.productId, {
      onSuccess: (created) =>
        notify.success(`${created.name} was created, hidden from the shop.`, {
          action: {
            label: 'Edit',
            onClick: () =>
              void navigate({
                to: '/admin/$adminId/products/$productId',
                params: { adminId, productId: created.productId },
              }),
          },
        }),
      onError: (error) => notify.error(errorMessage(error)),
    });

  const actions: Record<string, () => void> = {
    restore,
    visibility: toggleHidden,
    duplicate: copy,
    delete: () => setConfirming(true),
  };

  return (
    <>
      <Menu.Root
        open={open}
        onOpenChange={(e) => setView(e.open)}
        onSelect={({ value }) => actions[value]?.()}
        positioning={{ placement: 'bottom-end' }}
      >
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={`Actions for ${product.name}`}>
            <MdiIcon path={mdiDotsVertical} />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.Item value="edit" asChild>
                <Link
                  to="/admin/$adminId/products/$productId"
                  params={{ adminId, productId: product.productId }}
                >
                  <MdiIcon path={mdiPencilOutline} />
                  Edit
                </Link>
              </Menu.Item>
              {product.status === 'visible' ? (
                <Menu.Item value="view" asChild>
                  <Link {...productLink(product)} target="_blank">
                    <MdiIcon path={mdiStorefrontOutline} />
                    View in shop
                  </Link>
                </Menu.Item>
              ) : null}
              {archived ? (
                <Menu.Item value="restore">
                  <MdiIcon path={mdiEyeOutline} />
                  Restore
                </Menu.Item>
              ) : (
                <Menu.Item value="visibility">
                  <MdiIcon path={hidden ? mdiEyeOutline : mdiEyeOffOutline} />
                  {hidden ? 'Show in shop' : 'Hide from shop'}
                </Menu.Item>
              )}
              <Menu.Item value="duplicate">
                <MdiIcon path={mdiContentCopy} />
                Duplicate
              </Menu.Item>
              {archived ? null : (
                <Menu.Item value="delete" color="fg.error">
                  <MdiIcon path={mdiDeleteOutline} />
                  Delete
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>

      <AppDialog
        role="alertdialog"
        open={confirming}
        onClose={() => setConfirming(false)}
        // The menu hands focus back to its button as it closes; that must not dismiss the question.
        closeOnInteractOutside={false}
        title={`Delete ${product.name}?`}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button colorPalette="red" loading={archive.isPending} onClick={remove}>
              Delete product
            </Button>
          </>
        }
      >
        <Text>
          It leaves the shop, search and shoppers&apos; carts. Past orders keep it, and you can restore it
          from the archived products.
        </Text>
      </AppDialog>
    </>
  );
}
