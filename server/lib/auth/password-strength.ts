import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { builtOnMessage, passwordBuiltOn, wordsToAvoid } from '../../../contract/password-words';
import { AppError } from '../errors';

// Server-only: the dictionaries (about 400 kB) never reach the storefront's bundle; lint keeps
// src/, contract/ and mocks/ from importing @zxcvbn-ts/*. The storefront's hint applies the shared
// words rule of contract/password-words.ts, the part of this check it can afford.

/**
 * ASVS 2.1.7: a new password must not be one of the most common breached ones. The list is the
 * zxcvbn-ts `passwords-common` dictionary (about 49,000 passwords from breach corpora, lowercase,
 * most common first), shipped in @zxcvbn-ts/language-common so the check works offline.
 */
let common: ReadonlySet<string> | undefined;

/** Whether a password is on the common-passwords list, compared in lowercase. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

// Built on first use (tens of milliseconds): a server that never checks a password never pays it.
let estimator: ZxcvbnFactory | undefined;
// What keeps one check within tens of milliseconds (measured here: a random 64-character secret
// took 0.3-1.5 s with the defaults, mostly l33t substitutions, and a 144-character repeat 0.2-0.5 s):
// the first 64 characters are judged, more than 128 bits already need only 40, and the l33t
// matcher tries at most 10 substitutions, more than a person makes in a password they type.
const BOUNDS = { maxLength: 64, l33tMaxSubstitutions: 10 };

/**
 * zxcvbn's estimate of the guesses an attacker needs, as log10: common passwords, keyboard walks,
 * sequences, dates and repeats, with `words` (the shop's, the person's) tried before anything else.
 */
function guessesLog10(value: string, words: readonly string[] = []): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, ...BOUNDS });
  return estimator.check(value, [...words]).guessesLog10;
}

/** The same estimate in bits (log2 of the guesses), how a secret's strength is usually said. */
export const guessBits = (value: string, words: readonly string[] = []) =>
  guessesLog10(value, words) * Math.log2(10);

/**
 * Below a million guesses, zxcvbn's score 2 ("protection from unthrottled online attacks"): every
 * password on the common list is below it, and so is one made of the shop's or the person's words.
 */
const MIN_PASSWORD_GUESSES_LOG10 = 6;

export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** Why a new password is too easy to guess (the sentence for a field, after its label), or null. */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): string | null {
  if (isCommonPassword(password)) return 'is too common; choose another';
  const words = wordsToAvoid(owner);
  const word = passwordBuiltOn(password, words);
  if (word) return builtOnMessage(word);
  if (guessesLog10(password, words) < MIN_PASSWORD_GUESSES_LOG10)
    return 'is too easy to guess; a few unrelated words make a strong one';
  return null;
}

/**
 * Refuses a new password that is common, built on the shop's or the person's own words, or that
 * zxcvbn finds guessable, naming the body field it came in (`password`, `newPassword`). Only for
 * setting a password: login keeps accepting whatever an account already has.
 */
export function refuseWeakPassword(password: string, field: string, owner: PasswordOwner = {}): void {
  const weakness = passwordWeakness(password, owner);
  if (!weakness) return;
  throw new AppError(400, 'password_too_common', `This password ${weakness}.`, [
    { path: field, message: weakness },
  ]);
}
