import { z } from 'zod';
import { normaliseKenyanPhone } from '../../../contract/phone';
import type { ReportOutcome } from './outbox';

// What Africa's Talking POSTs (form-encoded) to the delivery-report URL of the app, once or more per
// message as it moves: Sent, Submitted, Buffered on the way; Success, or Rejected, Failed,
// AbsentSubscriber, Expired at the end (with a failureReason for Failed).

export const DeliveryReportForm = z
  .object({
    id: z.string().min(1).max(100),
    status: z.string().min(1).max(40),
    phoneNumber: z.string().max(32).optional(),
    networkCode: z.string().max(20).optional(),
    failureReason: z.string().max(100).optional(),
    retryCount: z.string().max(10).optional(),
  })
  .meta({ id: 'SmsDeliveryReport' });
export type DeliveryReportForm = z.infer<typeof DeliveryReportForm>;

const FAILURE_REASONS: Record<string, string> = {
  InsufficientCredit: "the phone's airtime was too low",
  InvalidLinkId: 'the gateway refused the message (InvalidLinkId)',
  UserIsInactive: 'the phone number is inactive',
  UserInBlackList: 'the phone has blocked messages from this sender',
  UserInBlacklist: 'the phone has blocked messages from this sender',
  UserAccountSuspended: "the phone's line is suspended",
  NotNetworkSubscriber: 'the number is not on a network the gateway reaches',
  UserNotSubscribedToProduct: 'the phone is not subscribed to these messages',
  UserDoesNotExist: 'the phone number does not exist',
  DeliveryFailure: 'the network could not deliver it to the phone',
};

const FINAL_FAILURES: Record<string, string> = {
  Rejected: 'the network rejected it',
  Failed: 'the network could not deliver it to the phone',
  AbsentSubscriber: 'the phone was off or out of reach until the message expired',
  Expired: 'it expired before the phone could get it',
};

/** A report in our terms: the gateway's message id, the phone (`2547…`, when it is one) and the outcome. */
export function readDeliveryReport(form: DeliveryReportForm) {
  const outcome: ReportOutcome =
    form.status === 'Success'
      ? { final: 'delivered' }
      : form.status in FINAL_FAILURES
        ? {
            final: 'failed',
            reason:
              (form.failureReason && FAILURE_REASONS[form.failureReason]) ??
              (form.failureReason
                ? `${FINAL_FAILURES[form.status]} (${form.failureReason})`
                : FINAL_FAILURES[form.status]!),
          }
        : { final: null };
  return {
    messageId: form.id,
    phone: form.phoneNumber ? normaliseKenyanPhone(form.phoneNumber) : null,
    outcome,
  };
}
