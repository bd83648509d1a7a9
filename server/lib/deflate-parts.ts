import { constants, deflateRawSync } from 'node:zlib';

/*
 * A page that differs per response only by its CSP nonce, compressed once: each fixed part is
 * deflated ahead of time (ending on a byte boundary, as a sync flush leaves it), and a response is
 * those blocks with the nonce between them as stored (uncompressed) blocks, in a zlib wrapper
 * (`Content-Encoding: deflate`, RFC 1950/1951) whose Adler-32 is combined from the parts' sums.
 * Compressing a ~200 KB page per response costs over a millisecond of CPU; this costs a copy.
 */

const MOD = 65521;

/** Adler-32 of `bytes` (RFC 1950). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // Sums stay exact in doubles for 5552 bytes between reductions (zlib's NMAX).
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of A followed by B, from A's and B's sums and B's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % MOD;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % MOD;
  sum1 += (second & 0xffff) + MOD - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + MOD - rem;
  if (sum1 >= MOD) sum1 -= MOD;
  if (sum1 >= MOD) sum1 -= MOD;
  if (sum2 >= MOD * 2) sum2 -= MOD * 2;
  if (sum2 >= MOD) sum2 -= MOD;
  return ((sum2 << 16) | sum1) >>> 0;
}

interface Part {
  deflated: Buffer;
  adler: number;
  length: number;
}

const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
/** A final, empty stored block: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** `bytes` as non-final stored blocks (at most 65,535 bytes each). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 0xffff) {
    const chunk = bytes.subarray(i, i + 0xffff);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padded to the byte boundary
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(header, chunk);
  }
  return out;
}

/**
 * Prepares `parts` (the text between the places a per-response value goes); answers a function
 * that gives the zlib stream of `parts.join(value)`.
 */
export function deflateParts(parts: readonly string[]): (value: string) => Buffer {
  const prepared: Part[] = parts.map((text) => {
    const bytes = Buffer.from(text, 'utf8');
    return {
      deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      adler: adler32(bytes),
      length: bytes.length,
    };
  });
  return (value) => {
    const valueBytes = Buffer.from(value, 'utf8');
    const valueAdler = adler32(valueBytes);
    const valueBlocks = storedBlocks(valueBytes);
    const chunks: Buffer[] = [ZLIB_HEADER];
    let adler = 1;
    prepared.forEach((part, i) => {
      if (i > 0) {
        chunks.push(...valueBlocks);
        adler = adler32Combine(adler, valueAdler, valueBytes.length);
      }
      chunks.push(part.deflated);
      adler = adler32Combine(adler, part.adler, part.length);
    });
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(adler);
    chunks.push(FINAL_BLOCK, trailer);
    return Buffer.concat(chunks);
  };
}
