import { PASSWORD_MIN } from '@contract/auth';
import { passwordBuiltOn, wordsToAvoid } from '@contract/password-words';
import { translate } from './i18n';

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  /** 0 too short, 1 weak, 2 fair, 3 good, 4 strong. */
  level: StrengthLevel;
  /** The level in words, in the shown language (English: Too short, Weak, Fair, Good, Strong). */
  label: string;
  /** One thing that would make it stronger, if any (in the shown language). */
  tip: string | null;
}

const LEVELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;
const label = (level: StrengthLevel) => translate(`forms:strength.level.${LEVELS[level]}`);
const tip = (key: string, values?: Record<string, unknown>) => translate(`forms:strength.tip.${key}`, values);

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
    return { level: 0, label: label(0), tip: tip('minLength', { min: PASSWORD_MIN }) };
  }
  const word = passwordBuiltOn(password, wordsToAvoid(person));
  if (word) {
    return { level: 1, label: label(1), tip: tip('builtOn', { word }) };
  }
  if (COMMON.test(password) || /^(.)\1+$/.test(password)) {
    return { level: 1, label: label(1), tip: tip('common') };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  const points =
    Number(password.length >= 10) + Number(password.length >= 14) + Number(kinds >= 2) + Number(kinds >= 3);
  const level = Math.min(4, Math.max(1, points)) as StrengthLevel;
  return {
    level,
    label: label(level),
    tip: level >= 4 ? null : password.length < 14 ? tip('longer') : tip('mix'),
  };
}
