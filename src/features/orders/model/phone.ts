import { formatKenyanPhone, MPESA_PHONE_MESSAGE, normaliseKenyanPhone } from '@contract/phone';

/**
 * Checks an M-Pesa number as the shopper typed it (07…, 01…, +254…, 254…, spaces and dashes
 * allowed) with the normaliser the server uses; answers the message to show, or null when fine.
 */
export function mpesaPhoneProblem(value: string): string | null {
  if (!value.trim()) return 'Enter the M-Pesa phone number for the payment prompt.';
  return normaliseKenyanPhone(value) ? null : MPESA_PHONE_MESSAGE;
}

/** `0712 345 678` for a valid number, else null. */
export function displayMpesaPhone(value: string): string | null {
  const msisdn = normaliseKenyanPhone(value);
  return msisdn ? formatKenyanPhone(msisdn) : null;
}
