/*
 * Searching the Material Design icon set by name for the icon picker. Names are @mdi/js exports
 * (`mdiFoodApple`); people search in words ("food apple", "apple", "Apple food"), so each name is
 * indexed as its lower-case words.
 */

export interface IconEntry {
  /** The export name, what Category.icon stores. */
  name: string;
  /** Its words for people and screen readers: `mdiFoodApple` → `food apple`. */
  label: string;
  /** The words run together, for matching a query typed without spaces. */
  compact: string;
}

/** Icons a grocery shop reaches for first, shown before the admin types anything. */
export const SUGGESTED_ICONS = [
  'mdiCarrot',
  'mdiFoodApple',
  'mdiFruitCherries',
  'mdiFruitGrapes',
  'mdiFruitWatermelon',
  'mdiFruitCitrus',
  'mdiLeaf',
  'mdiMushroom',
  'mdiChiliHot',
  'mdiCorn',
  'mdiFish',
  'mdiFoodDrumstick',
  'mdiFoodSteak',
  'mdiCow',
  'mdiEgg',
  'mdiCheese',
  'mdiBreadSlice',
  'mdiBaguette',
  'mdiBarley',
  'mdiRice',
  'mdiSack',
  'mdiShaker',
  'mdiCoffee',
  'mdiTea',
  'mdiCupWater',
  'mdiBottleSoda',
  'mdiGlassMugVariant',
  'mdiCookie',
  'mdiCandy',
  'mdiIceCream',
  'mdiCupcake',
  'mdiPizza',
  'mdiSpray',
  'mdiBabyBottle',
  'mdiPaw',
  'mdiBasket',
] as const;

/** The words of an export name. */
export function iconLabel(name: string): string {
  return name
    .replace(/^mdi/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .toLowerCase();
}

/** The searchable entries of a set of export names (non-icon exports are skipped). */
export function iconIndex(names: Iterable<string>): IconEntry[] {
  const entries: IconEntry[] = [];
  for (const name of names) {
    if (!/^mdi[A-Z0-9]/.test(name)) continue;
    const label = iconLabel(name);
    entries.push({ name, label, compact: label.replaceAll(' ', '') });
  }
  return entries.sort((a, b) => a.label.localeCompare(b.label));
}

export interface IconMatches {
  /** The best matches, at most `limit` of them. */
  icons: IconEntry[];
  /** How many icons match in all. */
  total: number;
}

/**
 * The icons whose name holds every word of the query, best first: an exact name, then names that
 * start with the query, then names with a word that does, then the rest (alphabetically within each).
 */
export function searchIcons(index: readonly IconEntry[], query: string, limit: number): IconMatches {
  const words = query
    .toLowerCase()
    .replace(/^mdi/, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return { icons: [], total: 0 };
  const joined = words.join('');
  const rank = (e: IconEntry) =>
    e.compact === joined
      ? 0
      : e.compact.startsWith(joined)
        ? 1
        : e.label.split(' ').some((w) => w.startsWith(words[0]!))
          ? 2
          : 3;
  const matches = index.filter((e) => words.every((w) => e.compact.includes(w)));
  const ranked = matches
    .map((e) => ({ e, r: rank(e) }))
    .sort(
      (a, b) => a.r - b.r || a.e.compact.length - b.e.compact.length || a.e.label.localeCompare(b.e.label),
    )
    .slice(0, limit)
    .map(({ e }) => e);
  return { icons: ranked, total: matches.length };
}
