import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';

/** MSW for Vitest (see src/test/setup.ts); tests add their own handlers with `server.use(...)`. */
export const server = setupServer(...handlers);
