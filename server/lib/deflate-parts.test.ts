import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine, deflateParts } from './deflate-parts';

describe('a page compressed once and answered with a new nonce each time', () => {
  it('inflates to the page with the nonce in every place (zlib checks the combined Adler-32)', () => {
    const page =
      '<html><head><meta nonce="N"><title>Sokoni | Home</title></head><body>N<div>N</div></body></html>';
    const parts = page.split('N');
    const answer = deflateParts(parts);
    for (const nonce of ['abc', randomBytes(16).toString('base64'), 'ñoño—üñï']) {
      expect(inflateSync(answer(nonce)).toString('utf8')).toBe(parts.join(nonce));
    }
  });

  it('copes with empty parts, a large page and a value longer than one stored block', () => {
    const big = Array.from({ length: 3000 }, (_, i) => `<p class="css-${i % 97}">Sukuma wiki ${i}</p>`).join(
      '',
    );
    const parts = ['', big, '', big.slice(0, 1000), ''];
    const answer = deflateParts(parts);
    const long = 'x'.repeat(70_000);
    expect(inflateSync(answer(long)).toString('utf8')).toBe(parts.join(long));
    expect(inflateSync(answer('')).toString('utf8')).toBe(parts.join(''));
    // Smaller than the page by far: the fixed parts really are compressed.
    expect(answer('n').length).toBeLessThan(big.length / 5);
  });

  it('combines Adler-32 sums as summing the whole would', () => {
    const a = randomBytes(10_000);
    const b = randomBytes(7_777);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
  });
});
