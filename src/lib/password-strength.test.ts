import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['abc', 'Too short'],
    ['password', 'Weak'],
    ['aaaaaaaaaaaa', 'Weak'],
    ['nyamachoma', 'Weak'],
    ['nyamachoma7', 'Fair'],
    ['nyama-choma-ugali', 'Good'],
    ['Nyama-Choma-2024', 'Strong'],
  ])('%j is %s', (password, label) => expect(passwordStrength(password).label).toBe(label));

  it('gives a tip until the password is strong', () => {
    expect(passwordStrength('nyamachoma').tip).toMatch(/14 characters/);
    expect(passwordStrength('Nyama-Choma-2024').tip).toBeNull();
  });
});
