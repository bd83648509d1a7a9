import { PASSWORD_MIN } from '@contract/auth';

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
const COMMON =
  /^(?:password|passw0rd|12345678|123456789|1234567890|qwertyuiop|qwerty123|iloveyou|sokoni\d*|kenya\d*|nairobi\d*)$/i;

/**
 * A hint, not a rule: the server only asks for 8–128 characters. Length counts most; mixing letter
 * case, digits and symbols adds a little; a well-known password or one character repeated is weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN) {
    return { level: 0, label: LABELS[0], tip: `Use at least ${PASSWORD_MIN} characters.` };
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
