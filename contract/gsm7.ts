// The GSM 03.38 alphabet an SMS is written in: 160 of its characters fit one message. A character
// outside it would switch the whole message to UCS-2 (70 characters), so names are brought into it.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as two characters (an escape, then the character). */
const EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(BASIC);
const extended = new Set(EXTENDED);

/** How many GSM-7 characters `text` takes, or null when it has a character outside the alphabet. */
export function gsm7Length(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (basic.has(ch)) n += 1;
    else if (extended.has(ch)) n += 2;
    else return null;
  }
  return n;
}

const LOOK_ALIKES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
};

/**
 * `text` in GSM-7's basic alphabet: quotes and dashes as their plain forms, letters without their
 * accents (Wanjirũ → Wanjiru), anything else (emoji, other scripts, control characters) as `?`.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (basic.has(ch) && ch !== '\n' && ch !== '\r') out += ch;
    else if (LOOK_ALIKES[ch]) out += LOOK_ALIKES[ch];
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare.length === 1 && basic.has(bare) && bare !== '\n' && bare !== '\r' ? bare : '?';
    }
  }
  return out;
}
