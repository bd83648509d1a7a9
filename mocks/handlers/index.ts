import type { RequestHandler } from 'msw';
import { authHandlers } from './auth';
import { catalogueHandlers } from './catalogue';
import { searchHandlers } from './search';
import { setupsHandlers } from './setups';
import { apiNotFoundHandler, systemHandlers } from './system';


/**
 * Every MSW handler of the app. Each feature adds its array here (e.g. `...catalogueHandlers`);
 * the catch-all for unknown /api routes must stay last.
 */
export const handlers: RequestHandler[] = [...systemHandlers, ...catalogueHandlers, ...searchHandlers, ...authHandlers, ...setupsHandlers, apiNotFoundHandler];
