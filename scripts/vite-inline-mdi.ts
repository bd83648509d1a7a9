import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const IMPORT = /(import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mdi\/js['"];?/g;

/**
 * Replaces `import { mdiX } from '@mdi/js'` with the icon's path string in place (and
 * `export { mdiX } from '@mdi/js'` with an exported one, for a module that is a set of icons). @mdi/js is one
 * module holding every icon, so the bundler puts all icons any page uses into one shared chunk that
 * the landing page then loads; inlined, each page carries only its own icons.
 */
export function inlineMdiIcons(): Plugin {
  let icons: Record<string, string> | undefined;
  return {
    name: 'sokoni:inline-mdi',
    enforce: 'pre',
    transform(code, id) {
      // A route's code-split part has a query (`page.tsx?tsr-split=component`): still a source file.
      const file = id.split('?')[0]!;
      if (!/\.(t|j)sx?$/.test(file) || id.includes('node_modules') || !code.includes('@mdi/js')) return null;
      icons ??= createRequire(import.meta.url)('@mdi/js') as Record<string, string>;
      const table = icons;
      const out = code.replace(IMPORT, (whole, kind: string, typeOnly: string | undefined, names: string) => {
        if (typeOnly) return whole;
        return names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((spec) => {
            const [imported, local = imported] = spec.split(/\s+as\s+/).map((s) => s.trim());
            const path = table[imported!];
            if (path === undefined) this.error(`@mdi/js has no icon named ${imported}`);
            return `${kind === 'export' ? 'export ' : ''}const ${local} = ${JSON.stringify(path)};`;
          })
          .join('\n');
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
