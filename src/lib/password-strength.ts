import { PASSWORD_MIN } from '@contract/auth';
import { passwordBuiltOn, wordsToAvoid } from '@contract/password-words';

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  /** 0 too short, 1 weak, 2 fair, 3 good, 4 strong. */
  level: StrengthLevel;
  label: 'Too short' | 'Weak' | 'Fair' | 'Good' | 'Strong';
  /** One thing that would make it stronger, if any. */
  tip: string | null;
}

const LABELS = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;

// The passwords people try first; length alone would call some of them "good".
const COMMON = /^(?:password|passw0rd|12345678|123456789|1234567890|qwertyuiop|qwerty123|iloveyou)$/i;

/**
 * A hint: length counts most; mixing letter case, digits and symbols adds a little; a well-known
 * password or one character repeated is weak. One part is the server's own rule
 * (contract/password-words.ts): a password built on the shop's, a place's or the person's own words
 * is refused, so the hint calls it weak and says why before the form is sent. The server's fuller
 * check (zxcvbn, a breached-passwords list) stays there; its refusal shows under the field.
 */
export function passwordStrength(
  password: string,
  person: { email?: string | null; name?: string | null } = {},
): PasswordStrength {
  if (password.length < PASSWORD_MIN) {
    return { level: 0, label: LABELS[0], tip: `Use at least ${PASSWORD_MIN} characters.` };
  }
  const word = passwordBuiltOn(password, wordsToAvoid(person));
  if (word) {
    return {
      level: 1,
      label: LABELS[1],
      tip: `It is built on "${word}", which anyone would try first; add a few words of your own.`,
    };
  }
  if (COMMON.test(password) || /^(.)\1+$/.test(password)) {
    return { level: 1, label: LABELS[1], tip: 'This password is easy to guess; try a few unrelated words.' };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  const points =
    Number(password.length >= 10) + Number(password.length >= 14) + Number(kinds >= 2) + Number(kinds >= 3);
  const level = Math.min(4, Math.max(1, points)) as StrengthLevel;
  const tip =
    level >= 4
      ? null
      : password.length < 14
        ? 'Longer is stronger: try 14 characters or more.'
        : 'Add digits, capitals or symbols to make it stronger.';
  return { level, label: LABELS[level], tip };
}
