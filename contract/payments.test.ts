import { describe, expect, it } from 'vitest';
import {
  canRetryPayment,
  paymentMessage,
  paymentOutcome,
  PAYMENT_FAILURE_REASONS,
  PAYMENT_ISSUE_MESSAGES,
  UNKNOWN_PUSH_MESSAGE,
} from './payments';
import { PAYMENT_ISSUES } from './checkout';

describe('Daraja result codes', () => {
  it.each([
    [0, 'paid', undefined],
    [1032, 'failed', 'cancelled'],
    [1, 'failed', 'insufficient_funds'],
    [2001, 'failed', 'wrong_pin'],
    [1037, 'failed', 'timeout'],
    [1025, 'failed', 'unknown'],
    [9999, 'failed', 'unknown'],
    [17, 'failed', 'unknown'],
    ['1032', 'failed', 'cancelled'],
  ] as const)('%s → %s %s', (code, status, reason) => {
    const outcome = paymentOutcome(code, 'as Daraja said');
    expect(outcome.status).toBe(status);
    if (outcome.status === 'failed') expect(outcome.reason).toBe(reason);
    expect(outcome.description).toBe('as Daraja said');
  });

  it('keeps the description of an unknown code for the log and has a message for every reason', () => {
    expect(paymentOutcome(1025, 'An error occurred while sending a push request')).toEqual({
      status: 'failed',
      reason: 'unknown',
      resultCode: 1025,
      description: 'An error occurred while sending a push request',
    });
    expect(paymentOutcome('n/a')).toMatchObject({ status: 'failed', reason: 'unknown' });
    for (const r of PAYMENT_FAILURE_REASONS) expect(PAYMENT_ISSUE_MESSAGES[r]).toMatch(/\.$/);
  });
});

describe('what the shopper is told', () => {
  it('has a sentence for every payment issue', () => {
    for (const issue of PAYMENT_ISSUES) expect(PAYMENT_ISSUE_MESSAGES[issue]).toMatch(/\.$/);
  });

  it('says nothing while a prompt is on its way or once paid, and warns when sending timed out', () => {
    expect(paymentMessage('pending', null, 'pending')).toBeNull();
    expect(paymentMessage('pending', null, 'unknown')).toBe(UNKNOWN_PUSH_MESSAGE);
    expect(paymentMessage('paid', null, 'paid')).toBeNull();
    expect(paymentMessage('failed', 'cancelled', 'failed')).toBe(PAYMENT_ISSUE_MESSAGES.cancelled);
    expect(paymentMessage('needs_review', 'amount_mismatch', 'needs_review')).toMatch(/does not match/);
  });

  it('offers a retry only after a failure or expiry, with no prompt open, on an order not cancelled', () => {
    const order = (paymentStatus: 'failed' | 'expired' | 'paid' | 'pending', open = false) => ({
      status: 'new' as const,
      paymentStatus,
      attempts: [{ status: open ? ('unknown' as const) : ('failed' as const) }],
    });
    expect(canRetryPayment(order('failed'))).toBe(true);
    expect(canRetryPayment(order('expired'))).toBe(true);
    expect(canRetryPayment(order('failed', true))).toBe(false);
    expect(canRetryPayment(order('paid'))).toBe(false);
    expect(canRetryPayment(order('pending'))).toBe(false);
    expect(canRetryPayment({ ...order('failed'), status: 'cancelled' })).toBe(false);
  });
});
