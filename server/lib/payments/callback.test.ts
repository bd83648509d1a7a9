import { describe, expect, it } from 'vitest';
import { parseStkCallback } from './callback';

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

  it('reads a system ResultCode such as SFC_IC0003 as a failure, keeping the code in the description', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: '7588-31800016-1',
          CheckoutRequestID: 'ws_CO_270920212128259339',
          ResultCode: 'SFC_IC0003',
          ResultDesc: 'The operator does not exist.',
        },
      },
    });
    expect(parsed.success && parsed.data).toEqual({
      merchantRequestId: '7588-31800016-1',
      checkoutRequestId: 'ws_CO_270920212128259339',
      resultCode: -1,
      resultDesc: '[SFC_IC0003] The operator does not exist.',
      outcome: {
        status: 'failed',
        reason: 'unknown',
        resultCode: -1,
        description: '[SFC_IC0003] The operator does not exist.',
      },
    });
  });

  it('refuses bodies that are not an STK callback', () => {
    const { CheckoutRequestID: _, ...withoutId } = paid.Body.stkCallback;
    expect(parseStkCallback({ Body: { stkCallback: withoutId } }).success).toBe(false);
    expect(parseStkCallback({ Body: {} }).success).toBe(false);
    expect(parseStkCallback('ok').success).toBe(false);
    expect(
      parseStkCallback({ Body: { stkCallback: { ...paid.Body.stkCallback, ResultCode: 'zero' } } }).success,
    ).toBe(false);
    expect(
      parseStkCallback({ Body: { stkCallback: { ...paid.Body.stkCallback, ResultCode: '' } } }).success,
    ).toBe(false);
  });
});
