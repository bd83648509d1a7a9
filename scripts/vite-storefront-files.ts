import type { Manifest } from 'vite';

/*
 * Which files of a build the service worker keeps (vite.config.ts `installableStorefront`): the
 * storefront's, never the back office's. From the build's manifest (.vite/manifest.json): every
 * file reachable from the entry, through static imports and lazy ones, except through a module of
 * the back office (its routes and features), whose own chunks and what only they use stay out.
 */

const BACK_OFFICE = /^src\/(routes\/admin|features\/admin)/;

export function storefrontFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || BACK_OFFICE.test(chunk.src ?? key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) files.add(asset);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}
