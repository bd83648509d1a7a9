// What `import … from 'zod'` means in the SPA (vite.config.ts aliases it here; the server imports Zod
// itself). Zod compiles object parsers with `new Function` when it may, and finds out by trying it:
// under the shop's Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as a
// violation even though Zod catches it. Without it Zod parses the same way, only without the compiled
// path. Set here, the setting holds before any schema parses, in whichever chunk first loads Zod, and
// a page that parses nothing does not load Zod for it.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
