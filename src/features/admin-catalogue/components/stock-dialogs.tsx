import {
  Alert,
  Button,
  Field,
  HStack,
  Input,
  Link as ChakraLink,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { FormDialog } from '@/components/form-dialog';
import { useCan } from '@/features/admin';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { STOCK_NOTE_MAX, StockAdjustmentBody, type StockMovementView } from '@contract/admin-stock';
import {
  movementWords,
  signedChange,
  STOCK_REASON_WORDS,
  STOCK_REASONS,
  type StockReason,
} from '@contract/stock-movements';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { STOCK_HISTORY_PAGE, stockQueries, useAdjustStock } from '../api/stock-api';

/** The variant a stock dialog is about, as the form shows it. */
export interface StockVariantLabel {
  variantId: string;
  /** "Sukuma wiki — 1 kg" */
  label: string;
}

const units = (n: number) => `${n.toLocaleString('en-KE')} ${n === 1 ? 'unit' : 'units'}`;

/** A whole number typed in a field, signed if `signed`; NaN for anything else, undefined for blank. */
function typedNumber(text: string, signed: boolean): number | undefined {
  const t = text.trim().replace(/^\u2212/, '-');
  if (t === '') return undefined;
  return (signed ? /^[+-]?\d+$/ : /^\d+$/).test(t) ? Number(t) : Number.NaN;
}

/**
 * Adjusts a variant's stock with a reason: "Add or remove" a number of units (negative takes away), or
 * for a stock count the units counted on the shelf, those held by unpaid orders included. The server's
 * refusals (below what is held) show in the dialog.
 */
export function AdjustStockDialog({ variant, onClose }: { variant: StockVariantLabel; onClose(): void }) {
  const history = useQuery(stockQueries.history(variant.variantId));
  const adjust = useAdjustStock(variant.variantId);
  const [reason, setReason] = useState<StockReason>('goods_received');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const counting = reason === 'stock_count';
  const stock = history.data?.variant;

  const number = typedNumber(amount, !counting);
  const after =
    stock && number !== undefined && !Number.isNaN(number)
      ? counting
        ? number - stock.held
        : stock.quantity + number
      : null;

  const submit = () => {
    const body = {
      reason,
      ...(counting ? { countedTo: number } : { change: number }),
      note,
    };
    const parsed = StockAdjustmentBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'change')] ??= issue.message;
      // Blank and wrong numbers say what to type.
      if (number === undefined)
        found.amount = counting ? 'Enter how many you counted.' : 'Enter how many to add or remove.';
      else if (Number.isNaN(number))
        found.amount = counting
          ? 'Enter the count as a whole number.'
          : 'Enter a whole number, e.g. 12 or -3.';
      else found.amount = found.change ?? found.countedTo ?? '';
      setErrors(found);
      return;
    }
    setErrors({});
    adjust.mutate(parsed.data, {
      onSuccess: (adjusted) => {
        notify.success(`${variant.label}: ${units(adjusted.variant.quantity)} on sale now.`);
        onClose();
      },
    });
  };

  return (
    <FormDialog
      title={`Adjust stock: ${variant.label}`}
      submitLabel="Save adjustment"
      colorPalette="primary"
      pending={adjust.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {stock ? (
        <Text fontSize="sm">
          {units(stock.quantity)} on sale
          {stock.held ? `, ${units(stock.held)} held by unpaid orders` : ''}.
        </Text>
      ) : (
        <Skeleton height="5" />
      )}
      <Field.Root>
        <Field.Label>Reason</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={reason} onChange={(e) => setReason(e.target.value as StockReason)}>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {STOCK_REASON_WORDS[r]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.amount)} required>
        <Field.Label>{counting ? 'Counted on the shelf' : 'Add or remove'}</Field.Label>
        <Input
          inputMode={counting ? 'numeric' : 'text'}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Field.HelperText>
          {counting
            ? `Every unit on the shelf${stock?.held ? `, the ${units(stock.held)} held by unpaid orders included` : ''}.`
            : 'Units to add; a minus sign takes them away, e.g. -3.'}
          {after !== null && after >= 0 ? ` On sale after: ${after.toLocaleString('en-KE')}.` : ''}
        </Field.HelperText>
        <Field.ErrorText>{errors.amount}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.note)}>
        <Field.Label>Note</Field.Label>
        <Input
          value={note}
          maxLength={STOCK_NOTE_MAX}
          placeholder="e.g. Delivery from Kirinyaga"
          onChange={(e) => setNote(e.target.value)}
        />
        <Field.ErrorText>{errors.note}</Field.ErrorText>
      </Field.Root>
      {adjust.isError ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(adjust.error)}</Alert.Description>
        </Alert.Root>
      ) : null}
    </FormDialog>
  );
}

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** A variant's stock history, newest first, a page at a time: what moved its stock, by whom, and the level after. */
export function StockHistoryDialog({
  adminId,
  variant,
  onClose,
}: {
  adminId: string;
  variant: StockVariantLabel;
  onClose(): void;
}) {
  const [page, setPage] = useState(0);
  const history = useQuery(stockQueries.history(variant.variantId, page));
  const seeOrders = useCan('orders.read');
  const stock = history.data?.variant;
  const total = history.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STOCK_HISTORY_PAGE));

  const about = (m: StockMovementView) => {
    if (m.orderId && m.orderNumber !== null) {
      const label = `Order #${m.orderNumber}`;
      return seeOrders ? (
        <ChakraLink asChild colorPalette="primary">
          <Link to="/admin/$adminId/orders/$orderId" params={{ adminId, orderId: m.orderId }}>
            {label}
          </Link>
        </ChakraLink>
      ) : (
        label
      );
    }
    return m.note;
  };

  return (
    <AppDialog open size="xl" fullOnPhones title={`Stock history: ${variant.label}`} onClose={onClose}>
      <Stack gap="3">
        {history.isError ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(history.error)}</Alert.Description>
          </Alert.Root>
        ) : !history.data ? (
          <Skeleton height="40" />
        ) : (
          <>
            <Text fontSize="sm">
              {units(stock!.quantity)} on sale
              {stock!.held ? `, ${units(stock!.held)} held by unpaid orders` : ''}.
            </Text>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={`Stock history of ${variant.label}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>What</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Level after</Table.ColumnHeader>
                    <Table.ColumnHeader>Who</Table.ColumnHeader>
                    <Table.ColumnHeader>Note or order</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {history.data.data.map((m) => (
                    <Table.Row key={m.movementId}>
                      <Table.Cell whiteSpace="nowrap">{when.format(new Date(m.at))}</Table.Cell>
                      <Table.Cell>{movementWords(m.kind, m.reason)}</Table.Cell>
                      <Table.Cell
                        textAlign="end"
                        color={m.change < 0 ? 'fg.error' : m.change > 0 ? 'fg.success' : undefined}
                      >
                        {signedChange(m.change)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{m.levelAfter.toLocaleString('en-KE')}</Table.Cell>
                      <Table.Cell>{m.actorName || 'System'}</Table.Cell>
                      <Table.Cell>{about(m)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            {pages > 1 ? (
              <HStack justify="space-between">
                <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <Text fontSize="sm">
                  Page {page + 1} of {pages}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page + 1 >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Older
                </Button>
              </HStack>
            ) : null}
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
