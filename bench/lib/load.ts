/**
 * A fixed-rate HTTP load with autocannon, spread over the second.
 *
 * autocannon's `overallRate` gives each connection a quota per second, which it sends back to back
 * as soon as the second starts, and every connection's second starts at the same moment: all the
 * connections fire at once, then wait. At 2,000 req/s over 100 connections that is a burst of 100
 * concurrent requests every second: what it measures is mostly the queue it builds. Real shoppers
 * arrive spread over the second, so the load runs as `lanes` autocannon instances, each with its
 * share of the rate and of the connections, started 1/lanes of a second apart. The rate is the
 * same; the bursts are `lanes` times smaller. `lanes: 1` is plain autocannon.
 */
import autocannon from 'autocannon';

export interface Target {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  baseUrl: string;
  /** Requests per second over all lanes. */
  rate: number;
  durationSeconds: number;
  connections: number;
  lanes: number;
  /** The next request to send (called for every request). */
  next: (lane: number) => Target;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Told of every response (one request in flight per connection, so it is the last one sent). */
  onResponse?: (path: string, status: number, headers: Record<string, string>) => void;
}

export interface LoadResult {
  /** Wall-clock latency of each response, in ms, as autocannon measured it (send to last byte). */
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  sent: number;
  seconds: number;
  bytes: number;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  let bytes = 0;
  const started = performance.now();
  const lanes = Array.from({ length: o.lanes }, (_, lane) => {
    const rate = Math.floor(o.rate / o.lanes) + (lane < o.rate % o.lanes ? 1 : 0);
    const connections = Math.max(1, Math.floor(o.connections / o.lanes));
    return new Promise<void>((resolve, reject) => {
      const begin = () => {
        const instance = autocannon(
          {
            url: o.baseUrl,
            connections,
            overallRate: rate,
            duration: o.durationSeconds,
            timeout: 10,
            headers: o.headers,
            requests: [
              {
                method: 'GET',
                setupRequest: (req, context) => {
                  const t = o.next(lane);
                  context.path = t.path;
                  return { ...req, path: t.path, headers: { ...req.headers, ...t.headers } };
                },
                onResponse: o.onResponse
                  ? (status, _body, context, headers) => o.onResponse!(String(context.path), status, headers)
                  : undefined,
              },
            ],
          },
          (err, result) => {
            if (err) return reject(err);
            errors += result.errors - result.timeouts;
            timeouts += result.timeouts;
            sent += result.requests.sent;
            resolve();
          },
        );
        instance.on('response', (_client, statusCode, resBytes, responseTime) => {
          latencies.push(responseTime);
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
          bytes += resBytes;
        });
      };
      setTimeout(begin, (lane * 1000) / o.lanes);
    });
  });
  await Promise.all(lanes);
  return {
    latencies,
    statuses,
    errors,
    timeouts,
    sent,
    seconds: (performance.now() - started) / 1000,
    bytes,
  };
}
