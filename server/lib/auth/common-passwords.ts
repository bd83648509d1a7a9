import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../errors';

/**
 * ASVS 2.1.7: a new password must not be one of the most common breached ones. The list is the
 * zxcvbn-ts `passwords-common` dictionary (about 49,000 passwords from breach corpora, lowercase,
 * most common first), shipped in @zxcvbn-ts/language-common so the check works offline. It is
 * server-only: nothing under src/ or contract/ may import this file, so the list never reaches
 * the storefront's bundle.
 */
let common: ReadonlySet<string> | undefined;

/** Whether a password is on the common-passwords list, compared in lowercase. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose another.';

/**
 * Refuses a new password that is on the list, naming the body field it came in (`password`,
 * `newPassword`). Only for setting a password: login keeps accepting whatever an account already has.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new AppError(400, 'password_too_common', COMMON_PASSWORD_MESSAGE, [
    { path: field, message: 'is too common; choose another' },
  ]);
}
