import { Email, Password, PersonName, Phone } from '@contract/auth';

/*
 * Form checks from the contract's own schemas (docs/design.md#contract-first), worded for people. Each
 * answers the message to show, or null when the value is fine. The server checks everything again.
 */

export function checkEmail(value: string): string | null {
  if (!value.trim()) return 'Please enter your email address.';
  return Email.safeParse(value.trim()).success
    ? null
    : 'Please enter a valid email address, like name@example.com.';
}

export function checkName(value: string, required: boolean): string | null {
  if (!value.trim()) return required ? 'Please enter your name.' : null;
  const result = PersonName.safeParse(value);
  return result.success ? null : `Name ${result.error.issues[0]?.message ?? 'is not valid'}.`;
}

/** `phone` is the composed number (with its dialling code), or null when none was typed. */
export function checkPhone(phone: string | null): string | null {
  if (phone === null) return null;
  return Phone.safeParse(phone).success ? null : 'Please enter a valid phone number, like 712 345 678.';
}

export function checkPassword(value: string): string | null {
  if (!value) return 'Please choose a password.';
  const result = Password.safeParse(value);
  return result.success ? null : `Password ${result.error.issues[0]?.message ?? 'is not valid'}.`;
}
