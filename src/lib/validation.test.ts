import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { describe, expect, it } from 'vitest';
import { checkEmail, checkName, checkPassword, checkPhone, fieldProblem, issueText } from './validation';

// Field problems as the contract's schemas and the server word them.
const issues = [
  'is required',
  'is not valid',
  'is not correct',
  'must be at least 8 characters',
  'must be at most 128 characters',
  'must not contain control characters',
  'must be a phone number such as +254712345678',
  'must be a two-letter country code such as KE',
  'is not a known country code',
  'is too common; choose another',
  'is too easy to guess; a few unrelated words make a strong one',
  'is too easy to guess: it is built on "wanjiku"; add a few words of your own',
];

describe('the form checks', () => {
  it('word every known field problem in English exactly as the server does', () => {
    for (const issue of issues) expect(issueText(issue)).toBe(issue);
    expect(fieldProblem('name', 'is required')).toBe('Name is required.');
    expect(fieldProblem('newPassword', 'must be at least 8 characters')).toBe(
      'New password must be at least 8 characters.',
    );
    expect(checkPassword('short')).toBe('Password must be at least 8 characters.');
    expect(checkPassword('short', 'newPassword')).toBe('New password must be at least 8 characters.');
    expect(checkPassword('')).toBe('Please choose a password.');
    expect(checkName('a\u0007b', true)).toBe('Name must not contain control characters.');
    expect(checkEmail('')).toBe('Please enter your email address.');
    expect(checkPhone('12')).toBe('Please enter a valid phone number, like 712 345 678.');
  });

  it('say them in Kiswahili, and leave an unknown problem as the server wrote it', () => {
    adoptCatalogue('sw', sw);
    const said = issues.map(issueText);
    expect(said.filter((text, i) => text === issues[i])).toEqual([]);
    expect(issueText('is built on "wanjiku"')).toBe('is built on "wanjiku"');
    expect(fieldProblem('phone', 'must be a phone number such as +254712345678')).toBe(
      'Nambari ya simu: andika nambari ya simu kama +254712345678.',
    );
    expect(issueText('is too easy to guess: it is built on "wanjiku"; add a few words of your own')).toBe(
      'ni rahisi mno kukisia: limejengwa juu ya "wanjiku"; ongeza maneno machache yako mwenyewe',
    );
    expect(checkPassword('short', 'newPassword')).toBe('Nenosiri jipya: tumia angalau herufi 8.');
    expect(checkEmail('')).toBe('Tafadhali andika barua pepe yako.');
    expect(checkName('', true)).toBe('Tafadhali andika jina lako.');
  });
});
