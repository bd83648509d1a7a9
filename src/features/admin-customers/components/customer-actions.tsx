import { Button, Field, Input, Text, Textarea, Wrap } from '@chakra-ui/react';
import { FormDialog, settleDialog } from '@/components/form-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { useCan } from '@/features/admin';
import { useDownload } from '@/lib/download';
import { errorMessage, fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import {
  BLOCK_REASON_MAX,
  BlockCustomerBody,
  emailConfirmed,
  type CustomerDetail,
} from '@contract/admin-customers';
import { mdiDownload } from '@mdi/js';
import { useState } from 'react';
import { fetchCustomerExport, useCustomerAction } from '../api/customers';

type Dialog = 'block' | 'erase' | null;

/**
 * What staff with `customers.manage` may do to a customer: block or unblock their checkout, hand
 * them a copy of their data, erase it. A 409 (a colleague was quicker) shows the server's words and
 * the page shows the customer as they are now.
 */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const action = useCustomerAction(customer.userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const exportData = useDownload(
    () => fetchCustomerExport(customer.userId),
    "The customer's data could not be exported. Please try again.",
  );
  if (!useCan('customers.manage')) return null;
  const label = customer.name || customer.email;

  function unblock() {
    action.mutate(
      { kind: 'unblock' },
      {
        onSuccess: () => notify.success(`${label} can check out again.`),
        onError: (error) => toastError(error),
      },
    );
  }

  return (
    <>
      <Wrap gap="3">
        {customer.erased ? null : customer.blocked ? (
          <Button variant="outline" colorPalette="primary" onClick={unblock} loading={action.isPending}>
            Unblock
          </Button>
        ) : (
          <Button variant="outline" colorPalette="danger" onClick={() => setDialog('block')}>
            Block
          </Button>
        )}
        <Button variant="outline" onClick={() => void exportData.download()} loading={exportData.downloading}>
          <MdiIcon path={mdiDownload} />
          Export data
        </Button>
        {customer.erased ? null : (
          <Button colorPalette="danger" onClick={() => setDialog('erase')}>
            Erase
          </Button>
        )}
      </Wrap>
      {dialog === 'block' ? <BlockDialog customer={customer} onClose={() => setDialog(null)} /> : null}
      {dialog === 'erase' ? <EraseDialog customer={customer} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

interface DialogProps {
  customer: CustomerDetail;
  onClose(): void;
}

function BlockDialog({ customer, onClose }: DialogProps) {
  const action = useCustomerAction(customer.userId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = customer.name || customer.email;

  function submit() {
    const parsed = BlockCustomerBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    action.mutate(
      { kind: 'block', body: parsed.data },
      settleDialog(onClose, `${label} is blocked and signed out everywhere.`, (failure) => {
        if (!fieldIssues(failure).reason) return false;
        setError(errorMessage(failure));
        return true;
      }),
    );
  }

  return (
    <FormDialog
      title={`Block ${label}`}
      submitLabel="Block"
      colorPalette="danger"
      pending={action.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        They will be signed out and cannot check out until they are unblocked. Their orders stay as they are.
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>Reason</Field.Label>
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={BLOCK_REASON_MAX + 20}
          rows={3}
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>Kept in the history with your name.</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
}

function EraseDialog({ customer, onClose }: DialogProps) {
  const action = useCustomerAction(customer.userId);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmed = emailConfirmed(typed, customer.email);

  function submit() {
    if (!confirmed) return;
    action.mutate(
      { kind: 'erase', body: { confirmEmail: typed } },
      settleDialog(onClose, "The customer's data is erased. Their orders stay, anonymised.", (failure) => {
        if (!fieldIssues(failure).confirmEmail) return false;
        setError(errorMessage(failure));
        return true;
      }),
    );
  }

  return (
    <FormDialog
      role="alertdialog"
      title={`Erase ${customer.name || customer.email}`}
      submitLabel="Erase"
      colorPalette="danger"
      pending={action.isPending}
      disabled={!confirmed}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        Their name, email, phone and the addresses of their orders are replaced, and they can no longer sign
        in. Their orders and payments stay for the books. This cannot be undone.
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>Type {customer.email} to confirm</Field.Label>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          type="email"
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  );
}
