import { ApiError } from '@/lib/api-client';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { describe, expect, it } from 'vitest';
import { authRefusal } from './auth-errors';

// The server's words for the refusals the sign-in screens name (server/modules/auth, server/lib).
const refusals: [number, string, string][] = [
  [400, 'invalid_credentials', 'The email or password is not correct.'],
  [400, 'invalid_code', 'That code is not correct. 4 tries left.'],
  [400, 'invalid_code', 'That code is not correct. 1 try left.'],
  [410, 'code_expired', 'This code has expired. Please ask for a new one.'],
  [410, 'challenge_used', 'This code has already been used. Please start again.'],
  [410, 'challenge_locked', 'Too many wrong codes were entered. Please start again to get a new code.'],
  [404, 'not_found', 'This code request was not found.'],
  [400, 'invalid_token', 'This link is not valid. Please start again.'],
  [410, 'token_used', 'This link has already been used. Please start again.'],
  [410, 'token_expired', 'This link has expired. Please start again.'],
  [400, 'wrong_token_purpose', 'Please complete your profile to create the account.'],
  [409, 'conflict', 'An account with this email already exists. Please sign in.'],
  [400, 'bad_request', 'The current password is not correct.'],
  [400, 'password_too_common', 'This password is too common; choose another.'],
  [
    400,
    'password_too_common',
    'This password is too easy to guess: it is built on "sokoni"; add a few words of your own.',
  ],
  [429, 'rate_limited', 'Too many codes were sent to this email. Please try again in 1200 seconds.'],
  [429, 'rate_limited', 'A code was sent moments ago. Please try again in 42 seconds.'],
  [
    429,
    'rate_limited',
    'Too many wrong passwords from this network. "Forgot password?" signs you in with a code now. Please try again in 30 seconds.',
  ],
  [
    429,
    'rate_limited',
    'Too many wrong passwords for this account. "Forgot password?" signs you in with a code now. Please try again in 8 seconds.',
  ],
  [429, 'rate_limited', 'Too many requests. Please try again in 60 seconds.'],
];

describe('authRefusal', () => {
  it("says the server's refusals in English word for word", () => {
    for (const [status, code, message] of refusals) {
      expect(authRefusal(new ApiError(status, message, code)), code).toBe(message);
    }
  });

  it('says them in Kiswahili, with the numbers and words the server named', () => {
    adoptCatalogue('sw', sw);
    const said = refusals.map(([status, code, message]) => authRefusal(new ApiError(status, message, code)));
    expect(said.every((text) => text && !refusals.some(([, , m]) => m === text))).toBe(true);
    expect(said[1]).toBe('Msimbo huo si sahihi. Umebakiwa na majaribio 4.');
    expect(said[2]).toBe('Msimbo huo si sahihi. Umebakiwa na jaribio 1.');
    expect(said[14]).toBe(
      'Nenosiri hili ni rahisi mno kukisia: limejengwa juu ya "sokoni"; ongeza maneno machache yako mwenyewe.',
    );
    expect(said[16]).toBe('Msimbo umetumwa punde tu. Tafadhali jaribu tena baada ya sekunde 42.');
  });

  it('leaves a refusal it does not know to the server’s own words (null)', () => {
    adoptCatalogue('sw', sw);
    expect(authRefusal(new ApiError(403, 'This account was erased.', 'account_erased'))).toBeNull();
    expect(
      authRefusal(new ApiError(429, 'Slow down. Please try again in 5 seconds.', 'rate_limited')),
    ).toBeNull();
    expect(authRefusal(new ApiError(400, 'That code is not correct.', 'invalid_code'))).toBeNull();
    expect(authRefusal(new TypeError('Failed to fetch'))).toBeNull();
  });
});
