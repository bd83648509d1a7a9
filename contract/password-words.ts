// The words a new password must not be built on, shared by the server's strength check (which also
// hands them to its zxcvbn estimator), the mocks and the storefront's strength hint. Attackers of a
// Kenyan grocery try the shop's name, the country, its cities and the words of M-Pesa first, and the
// person's own name and email before any dictionary.

/** What an attacker would try first here: the shop, where it is, how it is paid. Lower case. */
export const SHOP_WORDS: readonly string[] = [
  'sokoni',
  'soko',
  'duka',
  'grocery',
  'groceries',
  'mpesa',
  'm-pesa',
  'safaricom',
  'kenya',
  'kenyan',
  'nairobi',
  'mombasa',
  'kisumu',
  'nakuru',
  'eldoret',
  'thika',
  'malindi',
  'nyeri',
  'machakos',
  'kiambu',
  'karibu',
  'jambo',
  'hakuna',
  'matata',
  'harambee',
];

/** Parts shorter than this say too little to avoid (and would match inside many words). */
const MIN_WORD = 3;
/** A password needs this many letters of its own beyond the words to avoid. */
const MIN_OWN_LETTERS = 4;

const partsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length >= MIN_WORD);

/**
 * The shop's words plus the person's: each word of their name, of their email's local part and of
 * its domain (`wanjiku.kamau@gmail.com` → wanjiku, kamau, gmail; `com`, `co`, `ke` say nothing).
 */
export function wordsToAvoid(person: { email?: string | null; name?: string | null } = {}): string[] {
  const [local = '', domain = ''] = (person.email ?? '').split('@');
  const domainWords = domain.split('.').filter((label) => label.length > 3);
  const own = [...partsOf(person.name ?? ''), ...partsOf(local), ...domainWords.flatMap(partsOf)];
  return [...new Set([...SHOP_WORDS, ...own])];
}

/**
 * The word a password is built on, when what is left once the words to avoid are taken out has
 * fewer than four letters (`nairobi2024`, `Sokoni123456`, `Mombasa2025!`, `wanjiku1990`); else null.
 */
export function passwordBuiltOn(password: string, words: readonly string[]): string | null {
  let rest = password.toLowerCase();
  let found: string | null = null;
  // Longest first, so `groceries` is taken out whole rather than leaving `ies` of `grocer…`.
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    if (word.length < MIN_WORD || !rest.includes(word)) continue;
    found ??= word;
    rest = rest.split(word).join(' ');
  }
  if (!found) return null;
  const ownLetters = rest.match(/\p{L}/gu)?.length ?? 0;
  return ownLetters < MIN_OWN_LETTERS ? found : null;
}

/** What a password field says (after its label) of a password built on `word`. */
export const builtOnMessage = (word: string) =>
  `is too easy to guess: it is built on "${word}"; add a few words of your own`;
