import { describe, expect, it } from 'vitest';
import { parseStkCallback } from './callback';
import { failureMessage, paymentOutcome, PAYMENT_FAILURE_REASONS } from './result-codes';

// Shapes as Daraja sends them (values from Safaricom's documentation examples).
const paid = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 1.0 },
          { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: 20191219102115 },
          { Name: 'PhoneNumber', Value: 254708374149 },
        ],
      },
    },
  },
};

describe('the STK callback parser', () => {
  it('reads a success with its metadata, the date taken as East Africa Time', () => {
    const parsed = parseStkCallback(paid);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      outcome: {
        status: 'paid',
        resultCode: 0,
        description: 'The service request is processed successfully.',
      },
      amount: 1,
      receipt: 'NLJ7RT61SV',
      phone: '254708374149',
      transactionDate: new Date('2019-12-19T07:21:15.000Z'),
    });
  });

  it('reads a failure without metadata, with the ResultCode as a number or a string', () => {
    for (const ResultCode of [1032, '1032']) {
      const parsed = parseStkCallback({
        Body: {
          stkCallback: {
            MerchantRequestID: '8555-67195-1',
            CheckoutRequestID: 'ws_CO_27072017151044001',
            ResultCode,
            ResultDesc: 'Request cancelled by user',
          },
        },
      });
      expect(parsed.success && parsed.data).toEqual({
        merchantRequestId: '8555-67195-1',
        checkoutRequestId: 'ws_CO_27072017151044001',
        resultCode: 1032,
        resultDesc: 'Request cancelled by user',
        outcome: {
          status: 'failed',
          reason: 'cancelled',
          resultCode: 1032,
          description: 'Request cancelled by user',
        },
      });
    }
  });

  it('refuses bodies that are not an STK callback', () => {
    const { CheckoutRequestID: _, ...withoutId } = paid.Body.stkCallback;
    expect(parseStkCallback({ Body: { stkCallback: withoutId } }).success).toBe(false);
    expect(parseStkCallback({ Body: {} }).success).toBe(false);
    expect(parseStkCallback('ok').success).toBe(false);
    expect(
      parseStkCallback({ Body: { stkCallback: { ...paid.Body.stkCallback, ResultCode: 'zero' } } }).success,
    ).toBe(false);
  });
});

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
    for (const r of PAYMENT_FAILURE_REASONS) expect(failureMessage(r)).toMatch(/\.$/);
  });
});
