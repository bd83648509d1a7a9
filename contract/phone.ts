import { z } from 'zod';

// One normaliser for the SPA and the server: checkout validates the phone as the shopper types and
// the server validates it again before asking Daraja for a prompt, so both must agree exactly.

/** What the shopper is told when the number cannot receive an M-Pesa prompt. */
export const MPESA_PHONE_MESSAGE = 'Enter a Kenyan mobile number such as 0712 345 678 or +254 712 345 678.';

// Kenyan mobile numbers are 7nn nnn nnn or 1nn nnn nnn after the country code or the trunk 0.
const KENYAN_MOBILE = /^(?:\+254|254|0)([71]\d{8})$/;

/**
 * Normalises a Kenyan mobile number to Daraja's `2547XXXXXXXX` / `2541XXXXXXXX` form.
 * Accepts 07…, 01…, +254…, 254… with spaces or dashes; returns null for anything else.
 */
export function normaliseKenyanPhone(input: string): string | null {
  if (input.length > 32) return null;
  const match = KENYAN_MOBILE.exec(input.trim().replace(/[\s-]/g, ''));
  return match ? `254${match[1]}` : null;
}

/**
 * What a search box's text means as a phone, normalised, or null: any form `normaliseKenyanPhone`
 * takes, and the bare nine digits people also type (`712 345 678`). The back office's searches (orders,
 * customers) read it the same way on the server and in the mocks.
 */
export function phoneSearchKey(text: string): string | null {
  const compact = text.trim().replace(/[\s-]/g, '');
  return (
    normaliseKenyanPhone(compact) ??
    (/^[71]\d{8}$/.test(compact) ? normaliseKenyanPhone(`0${compact}`) : null)
  );
}

/**
 * The ways a normalised number may be written in a profile, spaces and dashes taken out: what a
 * stored phone is compared with when it was saved as typed.
 */
export const kenyanPhoneForms = (msisdn: string): string[] => [msisdn, `+${msisdn}`, `0${msisdn.slice(3)}`];

/** Formats a normalised `2547XXXXXXXX` number the way Kenyans write it: `0712 345 678`. */
export function formatKenyanPhone(msisdn: string): string {
  const local = normaliseKenyanPhone(msisdn);
  if (!local) return msisdn;
  const rest = local.slice(3);
  return `0${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`;
}

/** A phone number that can receive an M-Pesa prompt, in any format `normaliseKenyanPhone` accepts. */
export const MpesaPhone = z
  .string()
  .max(32, MPESA_PHONE_MESSAGE)
  .refine((v) => normaliseKenyanPhone(v) !== null, MPESA_PHONE_MESSAGE)
  .meta({
    id: 'MpesaPhone',
    description: 'Kenyan mobile number',
    examples: ['0712 345 678', '+254712345678'],
  });
