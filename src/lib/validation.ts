import { Email, Password, PersonName, Phone } from '@contract/auth';
import { translate } from './i18n';

/*
 * Form checks from the contract's own schemas (docs/design.md#contract-first), worded for people. Each
 * answers the message to show, or null when the value is fine. The server checks everything again.
 * The words come from the `forms` catalogue, in the shown language.
 */

/** The fields whose problems are worded as "<field> <issue>." (the server's `issues` too). */
export type FormField = 'name' | 'phone' | 'country' | 'password' | 'newPassword';

/**
 * The field problems the contract's schemas and the auth server word (contract/auth.ts,
 * contract/password-words.ts, the server's password check), by their English text; any other stays as
 * the server wrote it.
 */
const ISSUES: [RegExp, string][] = [
  [/^is required$/, 'required'],
  [/^is not valid$/, 'notValid'],
  [/^is not correct$/, 'notCorrect'],
  [/^must be at least (?<min>\d+) characters$/, 'minLength'],
  [/^must be at most (?<max>\d+) characters$/, 'maxLength'],
  [/^must not contain control characters$/, 'controlCharacters'],
  [/^must be a phone number such as \+254712345678$/, 'phoneFormat'],
  [/^must be a two-letter country code such as KE$/, 'countryFormat'],
  [/^is not a known country code$/, 'unknownCountry'],
  [/^is too common; choose another$/, 'tooCommon'],
  [/^is too easy to guess; a few unrelated words make a strong one$/, 'tooEasy'],
  [/^is too easy to guess: it is built on "(?<word>.+)"; add a few words of your own$/, 'builtOn'],
];

/** A field problem (`is required`, from a schema or the server) in the shown language. */
export function issueText(issue: string): string {
  for (const [pattern, key] of ISSUES) {
    const match = pattern.exec(issue);
    if (match) return translate(`forms:issue.${key}`, { ...match.groups });
  }
  return issue;
}

/** "Name is required." for the field and its problem (a schema's or the server's `issues`). */
export const fieldProblem = (field: FormField, issue: string): string =>
  translate('forms:problem', { field: translate(`forms:field.${field}`), issue: issueText(issue) });

export function checkEmail(value: string): string | null {
  if (!value.trim()) return translate('forms:check.emailRequired');
  return Email.safeParse(value.trim()).success ? null : translate('forms:check.emailInvalid');
}

export function checkName(value: string, required: boolean): string | null {
  if (!value.trim()) return required ? translate('forms:check.nameRequired') : null;
  const result = PersonName.safeParse(value);
  return result.success ? null : fieldProblem('name', result.error.issues[0]?.message ?? 'is not valid');
}

/** `phone` is the composed number (with its dialling code), or null when none was typed. */
export function checkPhone(phone: string | null): string | null {
  if (phone === null) return null;
  return Phone.safeParse(phone).success ? null : translate('forms:check.phoneInvalid');
}

/** `field` names the password in the problem ("New password must be…" on the change-password form). */
export function checkPassword(value: string, field: 'password' | 'newPassword' = 'password'): string | null {
  if (!value) return translate('forms:check.passwordRequired');
  const result = Password.safeParse(value);
  return result.success ? null : fieldProblem(field, result.error.issues[0]?.message ?? 'is not valid');
}
