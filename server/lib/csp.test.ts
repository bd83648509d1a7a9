import { describe, expect, it } from 'vitest';
import { connectSources, pagePolicy } from './csp';

describe('the page policy', () => {
  it('lets the SPA connect to its own origin, an API elsewhere and the configured Sentry only', () => {
    expect(connectSources({})).toEqual([]);
    expect(connectSources({ VITE_API_BASE_URL: '/api' })).toEqual([]);
    expect(
      connectSources({
        VITE_API_BASE_URL: 'https://api.sokoni.co.ke/api',
        VITE_SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/77',
      }),
    ).toEqual(['https://api.sokoni.co.ke', 'https://o42.ingest.sentry.io']);
    expect(connectSources({ VITE_SENTRY_DSN: 'javascript:alert(1)' })).toEqual([]);
    expect(pagePolicy('n0nce', ['https://o42.ingest.sentry.io'])).toContain(
      "connect-src 'self' https://o42.ingest.sentry.io;",
    );
  });
});
