import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url, tryDecodeBase64Url } from './base64';

describe('URL-safe base64', () => {
  it.each([
    '6f1c2d3e-0000-4000-8000-00000000abcd',
    'Fruits & Vegetables',
    'Maziwa ya ng’ombe 🥛',
    '',
    'a',
    '??>>',
  ])('round-trips %j', (text) => {
    expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
  });

  it('produces text that needs no escaping in a path', () => {
    const encoded = encodeBase64Url('??>>~~ subjects/with/slashes');
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(encoded)).toBe(encoded);
  });

  it('matches the standard encoding apart from the alphabet and padding', () => {
    expect(encodeBase64Url('Sokoni')).toBe('U29rb25p');
    expect(encodeBase64Url('??>')).toBe('Pz8-');
    expect(encodeBase64Url('ab')).toBe('YWI');
  });

  it('refuses text that is not URL-safe base64', () => {
    expect(() => decodeBase64Url('not base64!')).toThrow(TypeError);
    expect(() => decodeBase64Url('abcde')).toThrow(TypeError);
    expect(tryDecodeBase64Url('%%%')).toBeNull();
    // Valid base64 whose bytes are not UTF-8 (a link cut mid-character).
    expect(tryDecodeBase64Url('_w')).toBeNull();
  });
});
