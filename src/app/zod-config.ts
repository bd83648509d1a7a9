import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and finds out by trying it: under the
// shop's Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as a violation
// even though Zod catches it. Without it Zod parses the same way, only without the compiled path.
// Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
