// The part of autocannon 9's API the benches use (the package ships no types, and @types/autocannon
// is not installed).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request extends RequestParams {
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    overallRate?: number;
    connectionRate?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { sent: number; total: number; average: number };
    latency: Record<string, number>;
    duration: number;
  }
  interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    stop(): void;
  }
  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
