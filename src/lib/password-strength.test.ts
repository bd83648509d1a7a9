import { describe, expect, it } from 'vitest';
import { adoptCatalogue } from './i18n';
import { passwordStrength } from './password-strength';
import sw from '@/locales/sw';

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

  it("calls a password built on the shop's, a place's or the person's words weak, as the server refuses it", () => {
    for (const [password, word] of [
      ['sokoni123456', 'sokoni'],
      ['nairobi2024', 'nairobi'],
      ['Mombasa-2025!', 'mombasa'],
    ] as const) {
      expect(passwordStrength(password)).toMatchObject({
        level: 1,
        tip: expect.stringContaining(`"${word}"`),
      });
    }
    const person = { email: 'achieng.otieno@gmail.com', name: 'Achieng Otieno' };
    expect(passwordStrength('Otieno@2024!', person)).toMatchObject({ label: 'Weak' });
    expect(passwordStrength('gmail-1234', person)).toMatchObject({ label: 'Weak' });
    expect(passwordStrength('Otieno@2024!').level).toBeGreaterThan(1);
  });

  it('gives a tip until the password is strong', () => {
    expect(passwordStrength('nyamachoma').tip).toMatch(/14 characters/);
    expect(passwordStrength('Nyama-Choma-2024').tip).toBeNull();
  });

  it('names the level and gives the tip in the shown language', () => {
    adoptCatalogue('sw', sw);
    expect(passwordStrength('abc')).toEqual({ level: 0, label: 'Fupi mno', tip: 'Tumia angalau herufi 8.' });
    expect(passwordStrength('sokoni123456')).toMatchObject({
      label: 'Dhaifu',
      tip: expect.stringContaining('"sokoni"'),
    });
    expect(passwordStrength('nyamachoma7').label).toBe('Wastani');
    expect(passwordStrength('Nyama-Choma-2024')).toEqual({ level: 4, label: 'Imara', tip: null });
  });
});
