import { Button, Field, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { FormDialog, settleDialog } from '@/components/form-dialog';
import { useCan } from '@/features/admin';
import { isApiError } from '@/lib/api-client';
import { errorMessage, fieldIssues, toastError } from '@/lib/errors';
import { formatKsh } from '@/lib/format';
import { notify } from '@/lib/notify';
import { MpesaTransactionId, type AdminOrder } from '@contract/admin-orders';
import { markPaidRefusal, ORDER_STATUS_LABELS, orderLabel } from '@contract/fulfilment';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminOrderQueries } from '../api/admin-order-queries';
import { useOrderMutations } from '../api/admin-order-mutations';
import { STEP_ACTION } from '../model/look';

type Dialog = 'cancel' | 'markPaid' | 'refund' | 'sendOut' | 'changeRider' | null;

/** A 409 from the rules: someone else moved the order. The mutation already refetched it. */
const isRace = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === 'illegal_transition';

/** The server's refusal with this code, if `error` is one (its message then belongs under a field). */
const refusalCode = (error: unknown, ...codes: string[]) =>
  isApiError(error) && error.status === 409 && codes.includes(error.code);

/**
 * What an admin can do with the order now: the one next fulfilment step, cancel, settling a payment
 * under review, recording a refund. Only moves the server would accept are offered; a 409 (a
 * colleague was quicker) shows the server's words and the page refreshes to the truth.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const mutations = useOrderMutations(order.orderId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const label = orderLabel(order.number);
  // Each action is offered only to a role that may take it (a packer moves orders along, no more).
  const mayFulfil = useCan('orders.fulfil');
  const maySettle = useCan('payments.settle');
  const mayCancel = useCan('orders.cancel') && order.canCancel;
  const review = maySettle && order.paymentStatus === 'needs_review' && order.status !== 'cancelled';
  // Money that arrived unmatched (under review, or after the prompt failed or expired): settle by hand.
  const settleByHand = maySettle && markPaidRefusal(order) === null;
  const refundDue = useCan('orders.refund') && order.refund?.status === 'due';
  const nextStep = mayFulfil && order.nextStatus ? STEP_ACTION[order.nextStatus] : undefined;

  // Going out for delivery names the rider: the step opens the picker.
  const changeRider = mayFulfil && order.status === 'out_for_delivery';

  function step() {
    const to = order.nextStatus!;
    if (to === 'out_for_delivery') {
      setDialog('sendOut');
      return;
    }
    mutations.patch.mutate(
      { status: to },
      {
        onSuccess: () => notify.success(`${label} is now ${ORDER_STATUS_LABELS[to].toLowerCase()}.`),
        onError: (error) => toastError(error),
      },
    );
  }

  function askMpesa() {
    mutations.checkPayment.mutate(undefined, {
      onSuccess: (checked) => {
        if (checked.paymentStatus === 'paid') notify.success(`M-Pesa confirms ${label} is paid.`);
        else notify.info(checked.timeline.at(-1)?.summary ?? 'M-Pesa answered; nothing changed.');
      },
      onError: (error) => toastError(error, 'M-Pesa could not be asked. Try again in a moment.'),
    });
  }

  const nothing = !nextStep && !changeRider && !mayCancel && !review && !settleByHand && !refundDue;
  if (nothing) return null;

  return (
    <>
      <Wrap gap="3" aria-label="Order actions" role="group">
        {nextStep ? (
          <Button colorPalette="primary" onClick={step} loading={mutations.patch.isPending}>
            {nextStep}
          </Button>
        ) : null}
        {changeRider ? (
          <Button colorPalette="primary" variant="outline" onClick={() => setDialog('changeRider')}>
            Change rider
          </Button>
        ) : null}
        {review ? (
          <Button
            colorPalette="primary"
            variant="outline"
            onClick={askMpesa}
            loading={mutations.checkPayment.isPending}
          >
            Ask M-Pesa again
          </Button>
        ) : null}
        {settleByHand ? (
          <Button colorPalette="green" onClick={() => setDialog('markPaid')}>
            Mark as paid
          </Button>
        ) : null}
        {refundDue ? (
          <Button colorPalette="danger" onClick={() => setDialog('refund')}>
            Record refund
          </Button>
        ) : null}
        {mayCancel ? (
          <Button variant="outline" colorPalette="danger" onClick={() => setDialog('cancel')}>
            Cancel order
          </Button>
        ) : null}
      </Wrap>
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'markPaid' ? <MarkPaidDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'refund' ? <RefundDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'sendOut' || dialog === 'changeRider' ? (
        <RiderDialog order={order} change={dialog === 'changeRider'} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

/** A field message as people read it: the schema's "must be…" gets its subject. */
const onField = (subject: string, message: string) =>
  message.startsWith('must') ? `${subject} ${message}` : message;

interface DialogProps {
  order: AdminOrder;
  onClose(): void;
}

function CancelDialog({ order, onClose }: DialogProps) {
  const { patch } = useOrderMutations(order.orderId);
  const label = orderLabel(order.number);
  // Money arrived (paid, or held for review): cancelling makes a refund due, as the server does.
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review';
  function confirm() {
    patch.mutate(
      { status: 'cancelled' },
      settleDialog(
        onClose,
        paid
          ? `${label} is cancelled. Record the refund once M-Pesa has reversed it.`
          : `${label} is cancelled.`,
      ),
    );
  }
  return (
    <FormDialog
      role="alertdialog"
      title={`Cancel order ${label}?`}
      submitLabel="Cancel order"
      cancelLabel="Keep the order"
      colorPalette="danger"
      pending={patch.isPending}
      onSubmit={confirm}
      onClose={onClose}
    >
      <Stack gap="2">
        <Text>The items go back to stock and the shopper sees the order as cancelled.</Text>
        {paid ? (
          <Text fontWeight="medium">
            The shopper paid: a refund of up to {formatKsh(order.total)} becomes due. Reverse it in M-Pesa,
            then record it here.
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}

function MarkPaidDialog({ order, onClose }: DialogProps) {
  const { patch } = useOrderMutations(order.orderId);
  const label = orderLabel(order.number);
  const [receipt, setReceipt] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const parsed = MpesaTransactionId.safeParse(receipt);
    if (!parsed.success) {
      setError(onField('Receipt', parsed.error.issues[0]!.message));
      return;
    }
    setError(null);
    patch.mutate(
      { paymentStatus: 'paid', receipt: parsed.data },
      settleDialog(onClose, `${label} is marked as paid.`, (failure) => {
        if (isRace(failure)) return false;
        const issue = fieldIssues(failure).receipt;
        if (issue) setError(onField('Receipt', issue));
        // The receipt is recorded for another order: the server's message names it.
        else if (refusalCode(failure, 'receipt_taken')) setError(errorMessage(failure));
        // Not about the receipt (the units sold out meanwhile, M-Pesa down): said, the dialog stays.
        else toastError(failure);
        return true;
      }),
    );
  }

  return (
    <FormDialog
      title={`Mark ${label} as paid`}
      submitLabel="Mark as paid"
      colorPalette="green"
      pending={patch.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        Use the receipt the shopper's M-Pesa message or the shop's statement shows for{' '}
        {formatKsh(order.total)}.
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>M-Pesa receipt</Field.Label>
        <Input
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
          placeholder="SGR7KX1Q2B"
          autoComplete="off"
          textTransform="uppercase"
          maxLength={20}
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>10 letters and digits.</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
}

function RefundDialog({ order, onClose }: DialogProps) {
  const { refund } = useOrderMutations(order.orderId);
  const label = orderLabel(order.number);
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(String(order.total));
  const [errors, setErrors] = useState<{ reference?: string; amount?: string }>({});

  function submit() {
    const next: typeof errors = {};
    const ref = MpesaTransactionId.safeParse(reference);
    if (!ref.success) next.reference = onField('Reference', ref.error.issues[0]!.message);
    const value = Number(amount);
    if (!Number.isInteger(value) || value <= 0) next.amount = 'Enter the amount in whole shillings.';
    else if (value > order.total)
      next.amount = `The refund cannot be more than the total, ${formatKsh(order.total)}.`;
    // More than the shopper paid (less than the total after a short payment) is the server's to say.
    setErrors(next);
    if (next.reference || next.amount || !ref.success) return;
    refund.mutate(
      { reference: ref.data, amount: value },
      settleDialog(onClose, `The refund of ${label} is recorded.`, (failure) => {
        const issues = fieldIssues(failure);
        // More than was paid, or a reference already recorded: the server's words under the field.
        if (refusalCode(failure, 'refund_too_large')) setErrors({ amount: errorMessage(failure) });
        else if (refusalCode(failure, 'refund_reference_taken'))
          setErrors({ reference: errorMessage(failure) });
        else if (issues.reference || issues.amount)
          setErrors({
            reference: issues.reference && onField('Reference', issues.reference),
            amount: issues.amount && onField('Amount', issues.amount),
          });
        else return false;
        return true;
      }),
    );
  }

  return (
    <FormDialog
      title={`Record the refund of ${label}`}
      submitLabel="Record refund"
      colorPalette="primary"
      pending={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>Reverse the payment in M-Pesa first, then record the reversal's transaction id here.</Text>
      <Field.Root invalid={Boolean(errors.reference)} required>
        <Field.Label>M-Pesa reversal reference</Field.Label>
        <Input
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          autoComplete="off"
          maxLength={20}
        />
        {errors.reference ? <Field.ErrorText>{errors.reference}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.amount)} required>
        <Field.Label>Amount (KSH)</Field.Label>
        <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="numeric" />
        {errors.amount ? <Field.ErrorText>{errors.amount}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  );
}

/** The rider an order goes out with (`change`: the rider of an order already on its way). */
function RiderDialog({ order, change, onClose }: DialogProps & { change: boolean }) {
  const { patch } = useOrderMutations(order.orderId);
  const riders = useQuery(adminOrderQueries.riders());
  const label = orderLabel(order.number);
  const [riderId, setRiderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choices = (riders.data?.rows ?? []).filter((r) => !change || r.userId !== order.rider?.userId);

  function submit() {
    if (!riderId) {
      setError('Pick the rider taking the order.');
      return;
    }
    setError(null);
    const name = choices.find((r) => r.userId === riderId)?.name ?? 'the rider';
    patch.mutate(
      change ? { riderId } : { status: 'out_for_delivery', riderId },
      settleDialog(
        onClose,
        change ? `${label} is now with ${name}.` : `${label} is out for delivery with ${name}.`,
        (failure) => {
          // The rider was deactivated meanwhile: the server's words under the picker, the list read again.
          const issue = fieldIssues(failure).riderId;
          if (!issue) return false;
          setError(onField('The rider', issue));
          void riders.refetch();
          return true;
        },
      ),
    );
  }

  return (
    <FormDialog
      title={change ? `Give ${label} to another rider` : `Send ${label} out for delivery`}
      submitLabel={change ? 'Change rider' : 'Out for delivery'}
      colorPalette="primary"
      pending={patch.isPending}
      disabled={choices.length === 0}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        {change
          ? `${order.rider?.name ?? 'Nobody'} has it now. The new rider sees it in their deliveries at once.`
          : 'The rider sees the order in their deliveries, and the shopper is mailed their name and phone.'}
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>Rider</Field.Label>
        <NativeSelect.Root disabled={riders.isPending}>
          <NativeSelect.Field value={riderId} onChange={(e) => setRiderId(e.target.value)}>
            <option value="">{riders.isPending ? 'Loading riders…' : 'Choose a rider'}</option>
            {choices.map((r) => (
              <option key={r.userId} value={r.userId}>
                {r.phone ? `${r.name} (${r.phone})` : r.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : riders.isError ? (
          <Field.ErrorText>We could not load the riders. Close this and try again.</Field.ErrorText>
        ) : !riders.isPending && choices.length === 0 ? (
          <Field.HelperText>
            No other active rider. The owner gives the rider role on the Staff screen.
          </Field.HelperText>
        ) : null}
      </Field.Root>
    </FormDialog>
  );
}
