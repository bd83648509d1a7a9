import { Button, Field, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { categoryQueries } from '@/features/catalogue';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { ProductBulkRequest } from '@contract/admin-bulk';
import {
  mdiCashEdit,
  mdiClose,
  mdiDeleteOutline,
  mdiEyeOffOutline,
  mdiEyeOutline,
  mdiTagMinusOutline,
  mdiTagPlusOutline,
} from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useBulkEdit } from '../api/product-mutations';
import type { BulkSelection } from '../model/bulk-selection';
import { BulkPriceDialog } from './bulk-price-dialog';
import { bulkDoneMessage, productCount } from './bulk-words';

type Dialog = 'add_category' | 'remove_category' | 'price' | 'archive' | null;

/** Arrow keys move between a toolbar's buttons (Tab leaves it), as a toolbar's keyboard users expect. */
function moveAlongToolbar(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? buttons.length - 1
        : (at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
  e.preventDefault();
}

/**
 * What to do with the ticked products: hide, show, add to or remove from a category, change prices,
 * delete (archive). Shown while something is ticked; each action is one request for all of them.
 */
export function BulkActionsBar({ selection }: { selection: BulkSelection }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const edit = useBulkEdit();
  const { count, target } = selection;

  const run = (action: ProductBulkRequest['action']) =>
    edit.mutate(
      { target, action },
      {
        onSuccess: (result) => {
          notify.success(bulkDoneMessage(result.changed));
          setDialog(null);
          selection.clear();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const label = `${productCount(count)} selected`;
  const labelId = useId();
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderColor="border.emphasized"
      bg="bg.subtle"
      rounded="l2"
      px="3"
      py="2"
    >
      <Wrap role="toolbar" aria-labelledby={labelId} gap="2" align="center" onKeyDown={moveAlongToolbar}>
        <Text id={labelId} fontWeight="semibold" me="2">
          {label}
        </Text>
        <Button
          size="sm"
          variant="outline"
          loading={edit.isPending && edit.variables?.action.kind === 'hide'}
          onClick={() => run({ kind: 'hide' })}
        >
          <MdiIcon path={mdiEyeOffOutline} />
          Hide
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={edit.isPending && edit.variables?.action.kind === 'show'}
          onClick={() => run({ kind: 'show' })}
        >
          <MdiIcon path={mdiEyeOutline} />
          Show
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('add_category')}>
          <MdiIcon path={mdiTagPlusOutline} />
          Add to category…
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('remove_category')}>
          <MdiIcon path={mdiTagMinusOutline} />
          Remove from category…
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('price')}>
          <MdiIcon path={mdiCashEdit} />
          Change prices…
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('archive')}>
          <MdiIcon path={mdiDeleteOutline} />
          Delete
        </Button>
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          <MdiIcon path={mdiClose} />
          Clear selection
        </Button>
      </Wrap>

      {selection.canSelectAllMatching ? (
        <Text fontSize="sm">
          All {productCount(selection.pageSize)} on this page are selected.{' '}
          <Button
            variant="plain"
            size="sm"
            h="auto"
            p="0"
            textDecoration="underline"
            onClick={selection.selectAllMatching}
          >
            Select all {productCount(selection.total)} matching the filter
          </Button>
        </Text>
      ) : selection.allMatching ? (
        <Text fontSize="sm">All {productCount(selection.total)} matching the filter are selected.</Text>
      ) : null}

      <CategoryDialog
        adding={dialog === 'add_category'}
        open={dialog === 'add_category' || dialog === 'remove_category'}
        count={count}
        saving={edit.isPending}
        onClose={() => setDialog(null)}
        onSave={(categoryId) =>
          run({ kind: dialog === 'add_category' ? 'add_category' : 'remove_category', categoryId })
        }
      />
      <BulkPriceDialog
        open={dialog === 'price'}
        count={count}
        target={target}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          selection.clear();
        }}
      />
      <AppDialog
        role="alertdialog"
        open={dialog === 'archive'}
        onClose={() => setDialog(null)}
        title={`Delete ${productCount(count)}?`}
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button colorPalette="red" loading={edit.isPending} onClick={() => run({ kind: 'archive' })}>
              Delete {productCount(count)}
            </Button>
          </>
        }
      >
        <Text>
          They leave the shop, search and shoppers&apos; carts. Past orders keep them, and you can restore
          each from the archived products.
        </Text>
      </AppDialog>
    </Stack>
  );
}

function CategoryDialog({
  adding,
  open,
  count,
  saving,
  onClose,
  onSave,
}: {
  adding: boolean;
  open: boolean;
  count: number;
  saving: boolean;
  onClose(): void;
  onSave(categoryId: string): void;
}) {
  const categories = useQuery({ ...categoryQueries.list(), enabled: open });
  const [categoryId, setCategoryId] = useState('');
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={
        adding ? `Add ${productCount(count)} to a category` : `Remove ${productCount(count)} from a category`
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette="primary"
            disabled={!categoryId}
            loading={saving}
            onClick={() => onSave(categoryId)}
          >
            {adding ? 'Add to category' : 'Remove from category'}
          </Button>
        </>
      }
    >
      <Field.Root required>
        <Field.Label>Category</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
            <option value="">Choose a category</option>
            {categories.data?.rows.map((c) => (
              <option key={c.categoryId} value={c.categoryId}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </AppDialog>
  );
}
