import { server } from '@mocks/node';
import { onTestFinished } from 'vitest';

/** Every search request the app makes during the test (an MSW spy): the queries, in order. */
export function spyOnSearches(): string[] {
  const queries: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/v1/search/orama')) queries.push(url.searchParams.get('q') ?? '');
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return queries;
}
