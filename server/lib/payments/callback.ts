import { z } from 'zod';
import { paymentOutcome, type PaymentOutcome } from '../../../contract/payments';
import { parseEatTimestamp } from './stk-password';

// The body Daraja POSTs to our CallBackURL when an STK push ends. The callback route (with orders)
// declares it with this schema so the OpenAPI document shows what Daraja sends.

const MetadataItem = z.object({
  Name: z.string(),
  // Daraja sends items without a Value (e.g. `Balance`), numbers for amounts, dates and phones.
  Value: z.union([z.string(), z.number()]).optional(),
});

/** The raw `Body.stkCallback` envelope Daraja sends. */
export const StkCallbackBody = z
  .object({
    Body: z.object({
      stkCallback: z.object({
        MerchantRequestID: z.string().min(1).max(100),
        CheckoutRequestID: z.string().min(1).max(100),
        // Daraja also sends system codes such as "SFC_IC0003" ("The operator does not exist"), e.g.
        // for a PayBill push to a till it had accepted (github.com/SmoDav/mpesa/issues/50): a failure.
        ResultCode: z.union([z.number().int(), z.string().regex(/^(-?\d+|[A-Z]+_[A-Z0-9_]{1,40})$/)]),
        ResultDesc: z.string().max(1000),
        CallbackMetadata: z.object({ Item: z.array(MetadataItem).max(50) }).optional(),
      }),
    }),
  })
  .meta({ id: 'MpesaStkCallback' });
export type StkCallbackBody = z.infer<typeof StkCallbackBody>;

/** A callback read into our terms; metadata fields are present only when Daraja sent them (success). */
export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  outcome: PaymentOutcome;
  /** What the shopper actually paid; compare it with the order total before marking the order paid. */
  amount?: number;
  /** The M-Pesa receipt number, e.g. `NLJ7RT61SV`. */
  receipt?: string;
  /** The paying phone as `2547XXXXXXXX`. */
  phone?: string;
  /** When M-Pesa completed the payment (Daraja sends East Africa Time). */
  transactionDate?: Date;
}

/** Reads a schema-checked callback body into an StkCallback. */
export function readStkCallback(body: StkCallbackBody): StkCallback {
  const cb = body.Body.stkCallback;
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value] as const));
  const amount = toNumber(items.get('Amount'));
  const receipt = items.get('MpesaReceiptNumber');
  const phone = items.get('PhoneNumber');
  const date = items.get('TransactionDate');
  const paidAt = date === undefined ? null : parseEatTimestamp(date);
  // A system code has no number: it is kept in the description, where the shop's staff will read it.
  const numeric = typeof cb.ResultCode === 'number' || /^-?\d+$/.test(cb.ResultCode);
  const resultDesc = numeric ? cb.ResultDesc : `[${cb.ResultCode}] ${cb.ResultDesc}`;
  const outcome = paymentOutcome(numeric ? Number(cb.ResultCode) : Number.NaN, resultDesc);
  return {
    merchantRequestId: cb.MerchantRequestID,
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: outcome.resultCode,
    resultDesc,
    outcome,
    ...(amount !== undefined ? { amount } : {}),
    ...(receipt !== undefined ? { receipt: String(receipt) } : {}),
    ...(phone !== undefined ? { phone: String(phone) } : {}),
    ...(paidAt !== null ? { transactionDate: new Date(paidAt) } : {}),
  };
}

/** Checks and reads any JSON value as a Daraja STK callback. */
export function parseStkCallback(
  input: unknown,
): { success: true; data: StkCallback } | { success: false; error: z.ZodError } {
  const parsed = StkCallbackBody.safeParse(input);
  return parsed.success
    ? { success: true, data: readStkCallback(parsed.data) }
    : { success: false, error: parsed.error };
}

function toNumber(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}
