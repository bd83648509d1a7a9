/*
 * How a category's slug (its readable address, /view/category/{slug}) is made from its name. The
 * server and the mocks both apply it, so the same name gets the same slug on either side.
 */

/** The name in lower-case ASCII words joined by hyphens (`Fruits & Vegetables` → `fruits-vegetables`). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'category';
}

/** The slug of `name`, numbered (`fruit-2`, `fruit-3`…) when another record has it already. */
export function uniqueSlug(name: string, taken: (slug: string) => boolean): string {
  const base = slugify(name);
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}
