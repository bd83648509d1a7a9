import { describe, expect, it } from 'vitest';
import { likeAnywhere } from './like';

describe('likeAnywhere', () => {
  it('finds the text anywhere, its wildcards and backslashes taken literally', () => {
    expect(likeAnywhere('milk')).toBe('%milk%');
    expect(likeAnywhere('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
  });
});
