/*
 * What an uploaded file really is, read from its bytes alone (the declared content type and the
 * file name decide nothing): the image type by its magic number, the size its header declares
 * (read before anything is decoded, so a decompression bomb is refused unopened), where the image
 * ends (nothing may follow it), and whether a ZIP archive hides in it. Pure functions over a buffer.
 */

export type ImageType = 'jpeg' | 'png' | 'webp';

export type Inspection =
  | { ok: true; type: ImageType; width: number; height: number }
  | {
      ok: false;
      /**
       * `not_image`: no JPEG, PNG or WebP signature; `damaged`: the structure is cut short or
       * broken; `trailing`: bytes after the image's end; `archive`: a ZIP signature inside.
       */
      reason: 'not_image' | 'damaged' | 'trailing' | 'archive';
    };

type Refusal = Extract<Inspection, { ok: false }>;
const refuse = (reason: Refusal['reason']): Refusal => ({ ok: false, reason });
const damaged = refuse('damaged');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by magic number, or undefined. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return undefined;
}

/** Inspects a whole file: type, declared size, end marker, hidden archives. */
export function inspectImage(bytes: Buffer): Inspection {
  const type = sniffImageType(bytes);
  if (!type) return refuse('not_image');
  let walked: Walk | Refusal;
  try {
    walked = type === 'png' ? walkPng(bytes) : type === 'jpeg' ? walkJpeg(bytes) : walkWebp(bytes);
  } catch (e) {
    // A read past the end of the buffer: the file stops in the middle of a structure.
    if (e instanceof RangeError) return damaged;
    throw e;
  }
  if (!walked.ok) return walked;
  if (walked.end < bytes.length) return refuse('trailing');
  if (walked.width < 1 || walked.height < 1) return damaged;
  if (walked.metadata.some((region) => hasZipSignature(region)) || hasZipStructure(bytes)) {
    return refuse('archive');
  }
  return { ok: true, type, width: walked.width, height: walked.height };
}

interface Walk {
  ok: true;
  width: number;
  height: number;
  /** Offset just past the image's last byte. */
  end: number;
  /** Metadata regions (text chunks, APP segments…), where no archive signature may appear at all. */
  metadata: Buffer[];
}

/** PNG: chunk by chunk from IHDR to IEND, each length checked against the file. */
function walkPng(bytes: Buffer): Walk | Refusal {
  let off = 8;
  if (bytes.readUInt32BE(off) !== 13 || ascii(bytes, off + 4, 4) !== 'IHDR') return damaged;
  const width = bytes.readUInt32BE(off + 8);
  const height = bytes.readUInt32BE(off + 12);
  const metadata: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(off);
    const type = ascii(bytes, off + 4, 4);
    const end = off + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return damaged;
    if (type === 'IEND') return { ok: true, width, height, end, metadata };
    if (type !== 'IDAT' && type !== 'fdAT') metadata.push(bytes.subarray(off + 8, off + 8 + length));
    off = end;
  }
}

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: marker segments by their lengths, entropy-coded data byte by byte, up to EOI. */
function walkJpeg(bytes: Buffer): Walk | Refusal {
  let off = 2;
  let width = 0;
  let height = 0;
  const metadata: Buffer[] = [];
  for (;;) {
    if (bytes[off] !== 0xff) return damaged;
    while (bytes[off + 1] === 0xff) off += 1; // fill bytes
    const marker = bytes[off + 1];
    if (marker === undefined) return damaged;
    off += 2;
    if (marker === 0xd9) return { ok: true, width, height, end: off, metadata };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    const length = bytes.readUInt16BE(off);
    const end = off + length;
    if (length < 2 || end > bytes.length) return damaged;
    if (isSof(marker)) {
      height = bytes.readUInt16BE(off + 3);
      width = bytes.readUInt16BE(off + 5);
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      metadata.push(bytes.subarray(off + 2, end));
    }
    off = end;
    if (marker === 0xda) {
      // Entropy-coded data: FF 00 is a data byte, FF D0–D7 a restart; any other FF xx is the next marker.
      if (!width) return damaged;
      for (;;) {
        off = bytes.indexOf(0xff, off);
        if (off === -1 || off + 1 >= bytes.length) return damaged;
        const next = bytes[off + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) off += 2;
        else if (next === 0xff) off += 1;
        else break;
      }
    }
  }
}

/** WebP: the RIFF size says where the file ends; the chunks say the canvas. */
function walkWebp(bytes: Buffer): Walk | Refusal {
  const riffSize = bytes.readUInt32LE(4);
  const end = 8 + riffSize + (riffSize % 2);
  if (end > bytes.length) return damaged;
  let canvas: { width: number; height: number } | undefined;
  let frame: { width: number; height: number } | undefined;
  const metadata: Buffer[] = [];
  let off = 12;
  while (off < end) {
    const fourcc = ascii(bytes, off, 4);
    const size = bytes.readUInt32LE(off + 4);
    const data = off + 8;
    const next = data + size + (size % 2);
    if (next > end) return damaged;
    if (fourcc === 'VP8X' && size >= 10) {
      canvas = { width: 1 + bytes.readUIntLE(data + 4, 3), height: 1 + bytes.readUIntLE(data + 7, 3) };
    } else if (fourcc === 'VP8 ' && size >= 10) {
      if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return damaged;
      frame ??= {
        width: bytes.readUInt16LE(data + 6) & 0x3fff,
        height: bytes.readUInt16LE(data + 8) & 0x3fff,
      };
    } else if (fourcc === 'VP8L' && size >= 5) {
      if (bytes[data] !== 0x2f) return damaged;
      const bits = bytes.readUInt32LE(data + 1);
      frame ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    } else if (fourcc !== 'ANMF' && fourcc !== 'ALPH') {
      metadata.push(bytes.subarray(data, data + size));
    }
    off = next;
  }
  const size = canvas ?? frame;
  if (!size) return damaged;
  return { ok: true, ...size, end, metadata };
}

const ZIP_SIGNATURES = [0x04034b50, 0x02014b50, 0x06054b50]; // local file, central directory, end

/** Any ZIP signature at all: used on metadata, where none has a reason to be. */
function hasZipSignature(region: Buffer): boolean {
  for (let i = region.indexOf('PK'); i !== -1 && i + 4 <= region.length; i = region.indexOf('PK', i + 1)) {
    if (ZIP_SIGNATURES.includes(region.readUInt32LE(i))) return true;
  }
  return false;
}

/**
 * A ZIP record anywhere in the file whose fields also hold together (a bare 4-byte signature turns
 * up by chance in compressed pixels about once in 4 GB; one with plausible fields practically never).
 */
function hasZipStructure(bytes: Buffer): boolean {
  const plausibleMethod = (m: number) => m === 0 || m === 8 || m === 12 || m === 14;
  for (let i = bytes.indexOf('PK'); i !== -1; i = bytes.indexOf('PK', i + 1)) {
    if (i + 22 > bytes.length) return false;
    const signature = bytes.readUInt32LE(i);
    if (
      signature === 0x04034b50 &&
      bytes.readUInt16LE(i + 4) <= 63 &&
      plausibleMethod(bytes.readUInt16LE(i + 8))
    )
      return true;
    if (
      signature === 0x02014b50 &&
      bytes.readUInt16LE(i + 6) <= 63 &&
      plausibleMethod(bytes.readUInt16LE(i + 10))
    )
      return true;
    if (
      signature === 0x06054b50 &&
      bytes.readUInt16LE(i + 4) === 0 &&
      bytes.readUInt16LE(i + 6) === 0 &&
      bytes.readUInt16LE(i + 8) === bytes.readUInt16LE(i + 10)
    )
      return true;
  }
  return false;
}

const ascii = (bytes: Buffer, start: number, length: number) => {
  if (start + length > bytes.length) throw new RangeError('past the end');
  return bytes.toString('latin1', start, start + length);
};
