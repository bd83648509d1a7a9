import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's first-load JavaScript budget (docs/design.md#budgets), in KB (1,024 bytes) gzip. */
export const LANDING_JS_BUDGET_KB = 150;

/**
 * What the build may not exceed until the budget is met: the size measured after the last cut, so a
 * change that adds to the first load fails `npm test` (e2e/first-load.spec.ts). Lower it with every
 * cut; bench/results/web.md has what the remaining kilobytes are (React DOM alone is 62 KB).
 */
// 186.4 → 187.3: React DOM's client became a chunk of its own, imported at mount (src/main.tsx), so
// that its evaluation is not part of the entry's task (0.6 KB: the chunk's import glue and gzip's own
// header), Chakra's createSystem and token dictionary generators of their steps (scripts/vite-chakra.ts,
// 0.2 KB), and presses made before a server-drawn page is taken over are replayed (src/app/ssr-state.ts,
// 0.1 KB). 187.3 → 181.3: ky is imported with the first request, not with the page (src/lib/api-client.ts),
// and seven Chakra recipes nothing showed are no longer registered (src/app/theme/recipes.ts).
// 181.3 → 180.5: the anatomies of components the shop does not show are dropped (scripts/vite-chakra.ts).
// 180.5 → 180.7: presses made before take-over wait for React to own their element and are focused
// again, and a list's choice is held too (src/app/ssr-state.ts). 180.7 → 175.3: what the entry imports
// statically is one chunk, not ~18 (vite.config.ts `codeSplitting`): less import glue, one gzip stream.
// 175.3 → 175.5: text typed, boxes ticked and forms sent before take-over are done again, and each waits
// until React has committed its element (src/app/ssr-state.ts, issue 26). 175.5 → 175.6: toasts wait for
// the next paint and a cart control shows its busy state only after 150 ms (src/lib/notify.ts,
// src/features/cart/components/cart-control.tsx: the tap's frame, INP). 175.6 → 175.9: the router hears
// a tapped link after the next paint, and a bar shows meanwhile (src/app/navigate-after-paint.ts, the
// theme's global CSS: INP of opening a category 696 → 80 ms). 175.9 → 176.2: staff roles: the back-office
// routes' permission guard and the role read from the token (src/features/admin/permitted.ts,
// contract/staff-roles.ts); the permission table and its phrases load with the back office. 176.2 →
// 176.3: the staff screen's route (src/routes/admin/$adminId/staff.tsx; the route tree is in the entry
// by design, its page and its queries are not). 176.3 → 176.5: the invitee's page's route
// (src/routes/_guest/admin/join/$token.tsx; its calls are in their own module, not in the accounts
// object every page loads for sign-out). 176.5 → 176.6: the customers screen's two routes, the list
// and a customer's page (src/routes/admin/$adminId/customers/: their guards, the list's search check, and
// their lazy chunks in the preload map; their pages, queries and dialogs are not in the entry). 176.6 →
// 176.8: the rider's deliveries route and the rider's way home (src/routes/admin/$adminId/deliveries.tsx,
// `homeFor` in src/features/session/guards.ts, the storefront menu's "My deliveries"). 176.8 → 177.0: the
// CSV import's route (src/routes/admin/$adminId/products/import.tsx), the product page's `?stock=` that
// opens a variant's stock history (checked with a pattern, not zod, which stays out of the entry:
// src/features/admin-catalogue/model/product-page-search.ts), and sign-out forgetting the promo code typed.
// 177.0 → 195.1: the storefront in English or Kiswahili (issue 31). i18next (16.0 KB) and react-i18next
// (3.5 KB) render every text; the texts themselves moved out of the entry into each language's catalogue
// chunk (~10 KB, the chosen language's alone, fetched with the entry), and keeping a signed-in device
// and profile in one language loads with a sign-in. Accepted: the landing page's median Lighthouse mobile
// score was 100 in English and 99 in Kiswahili (bench/results/web.md); lighter i18n runtimes are unmaintained or
// need Node 22.
// 195.1 → 195.2: stock and cart refusals said in the shown language from their words (src/lib/errors.ts,
// whose keys come from contract/refusal-words.ts: contract/stock.ts would bring the cart's zod schemas).
// 195.2 → 195.6: the storefront offline (issue 32, which allows 5 KB): the connection's state every
// offline behaviour reads (src/lib/online.ts), prices marked "last seen", the offline banner's lazy
// import, dropping another shopper's kept answers at start, and the worker's registration (its code,
// with workbox-window, is a chunk loaded after the page is idle: src/app/pwa/start.ts). The cart's
// queue loads with the cart's code, not with the landing page.
export const LANDING_JS_CEILING_KB = 195.6;

interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface LandingJs {
  files: JsFile[];
  totalGzipKB: number;
  totalKB: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * What a first visit to the landing page downloads before it can run: the module scripts and
 * modulepreloads of a built index.html (React DOM's client, imported with `import()` at start-up, is
 * among the preloads) and every module they import statically, recursively, each gzipped at level 9.
 * Chunks loaded with `import()` later (routes, admin, checkout, Sentry) are not counted.
 */
export function landingJs(outDir: string): LandingJs {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  if (!entries.length) throw new Error('index.html has no module script');
  const seen = new Set<string>();
  const files: JsFile[] = [];
  const visit = (urlPath: string) => {
    const clean = urlPath.split(/[?#]/)[0]!;
    if (seen.has(clean)) return;
    seen.add(clean);
    const code = readFileSync(path.join(outDir, clean), 'utf8');
    files.push({
      file: clean,
      bytes: Buffer.byteLength(code),
      gzipBytes: gzipSync(code, { level: 9 }).length,
    });
    // `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; not `import("./x.js")`.
    for (const m of code.matchAll(
      /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g,
    )) {
      const spec = m[1]!;
      if (spec.startsWith('.') || spec.startsWith('/'))
        visit(path.posix.resolve(path.posix.dirname(clean), spec));
    }
  };
  for (const e of entries) visit(e);
  const sum = (k: 'bytes' | 'gzipBytes') => files.reduce((n, f) => n + f[k], 0);
  return { files, totalGzipKB: round1(sum('gzipBytes') / 1024), totalKB: round1(sum('bytes') / 1024) };
}
