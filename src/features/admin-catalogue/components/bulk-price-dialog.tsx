import {
  Button,
  Field,
  Input,
  InputGroup,
  RadioGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { errorMessage } from '@/lib/errors';
import { formatKsh } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { ProductBulkResult } from '@contract/admin-bulk';
import {
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  priceChangeLabel,
  VARIANT_PRICE_MAX,
} from '@contract/bulk-edits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminProductQueries } from '../api/admin-queries';
import { useBulkEdit } from '../api/product-mutations';
import type { BulkTarget } from '../model/bulk-selection';
import { bulkDoneMessage, productCount } from './bulk-words';

type By = 'percent' | 'amount';
type Direction = 'up' | 'down';

/** The change the fields describe, or why it is not one yet. */
function readChange(by: By, direction: Direction, raw: string): { value: number } | { error: string } {
  const text = raw.trim();
  if (!text)
    return { error: by === 'percent' ? 'Enter a percentage, e.g. 10.' : 'Enter an amount in KSH, e.g. 20.' };
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) return { error: 'Enter a whole number above 0.' };
  const max = by === 'amount' ? VARIANT_PRICE_MAX : direction === 'up' ? BULK_PERCENT_MAX : -BULK_PERCENT_MIN;
  if (n > max) return { error: `Enter at most ${max.toLocaleString('en-KE')}.` };
  return { value: direction === 'up' ? n : -n };
}

/** The value after the admin stops typing for a moment, so the preview asks once. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface BulkPriceDialogProps {
  open: boolean;
  count: number;
  target: BulkTarget;
  onClose(): void;
  onDone(): void;
}

/**
 * Change prices… : by a percentage or a KSH amount, up or down, with the server's own preview of old →
 * new (a dry run, so "all N matching" previews too) before Save.
 */
export function BulkPriceDialog({ open, count, target, onClose, onDone }: BulkPriceDialogProps) {
  const [by, setBy] = useState<By>('percent');
  const [direction, setDirection] = useState<Direction>('up');
  const [raw, setRaw] = useState('');
  const change = readChange(by, direction, raw);
  const action = 'value' in change ? { kind: 'price' as const, by, value: change.value } : null;
  const settled = useSettled(action);
  const preview = useQuery({
    ...adminProductQueries.bulkPreview({ target, action: settled ?? { kind: 'price', by, value: 1 } }),
    enabled: open && settled !== null,
  });
  const save = useBulkEdit();
  const ready = action !== null && JSON.stringify(action) === JSON.stringify(settled) && preview.isSuccess;

  const submit = () => {
    if (!action) return;
    save.mutate(
      { target, action },
      {
        onSuccess: (result) => {
          notify.success(bulkDoneMessage(result.changed));
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  const result = preview.data;
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      size="lg"
      fullOnPhones
      title={`Change the prices of ${productCount(count)}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="primary" disabled={!ready} loading={save.isPending} onClick={submit}>
            Save prices
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <RadioGroup.Root value={by} onValueChange={(e) => setBy(e.value as By)} size="sm">
            <Stack gap="2">
              <RadioGroup.Label>Change by</RadioGroup.Label>
              <RadioGroup.Item value="percent">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>A percentage</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="amount">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>An amount in KSH</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          <RadioGroup.Root
            value={direction}
            onValueChange={(e) => setDirection(e.value as Direction)}
            size="sm"
          >
            <Stack gap="2">
              <RadioGroup.Label>Direction</RadioGroup.Label>
              <RadioGroup.Item value="up">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Raise</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="down">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Lower</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
        </SimpleGrid>
        <Field.Root invalid={raw.trim() !== '' && 'error' in change} required>
          <Field.Label>{by === 'percent' ? 'Percentage' : 'Amount'}</Field.Label>
          <InputGroup endElement={by === 'percent' ? '%' : 'KSH'}>
            <Input inputMode="numeric" value={raw} onChange={(e) => setRaw(e.target.value)} />
          </InputGroup>
          {raw.trim() !== '' && 'error' in change ? (
            <Field.ErrorText>{change.error}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Prices round to whole shillings and never go below KSH 1. Every active variant changes.
            </Field.HelperText>
          )}
        </Field.Root>
        <PricePreview
          label={action ? priceChangeLabel(action) : ''}
          loading={settled !== null && preview.isFetching}
          error={preview.error}
          result={settled ? result : undefined}
        />
      </Stack>
    </AppDialog>
  );
}

function PricePreview({
  label,
  loading,
  error,
  result,
}: {
  label: string;
  loading: boolean;
  error: unknown;
  result: ProductBulkResult | undefined;
}) {
  if (error) return <Text color="fg.error">{errorMessage(error)}</Text>;
  if (!result) return null;
  return (
    <Stack gap="2" aria-busy={loading}>
      <Text fontWeight="medium" role="status">
        {result.priceCount === 0
          ? `No price changes at ${label}: every price is already at its limit.`
          : `${result.priceCount.toLocaleString('en-KE')} ${result.priceCount === 1 ? 'price changes' : 'prices change'} at ${label}` +
            (result.priceCount > result.prices.length ? ` (the first ${result.prices.length} shown).` : '.')}
      </Text>
      {result.prices.length ? (
        <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="72">
          <Table.Root size="sm" stickyHeader aria-label="Price preview">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Product</Table.ColumnHeader>
                <Table.ColumnHeader>Variant</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Now</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">New</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {result.prices.map((l) => (
                <Table.Row key={l.variantId}>
                  <Table.Cell>{l.name}</Table.Cell>
                  <Table.Cell>{l.variantName || '—'}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatKsh(l.oldPrice)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium">
                    {formatKsh(l.newPrice)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Stack>
  );
}
