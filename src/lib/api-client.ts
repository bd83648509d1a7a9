import type * as KyModule from 'ky';
import type { KyInstance, Options } from 'ky';

/** One field problem of a 400 answer (`ErrorBody.issues` in contract/common.ts). */
export interface ApiIssue {
  path: string;
  message: string;
}

/** A non-2xx answer of the API, with the server's message made fit to show to a person. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'unknown',
    readonly correlationId: string | undefined = undefined,
    readonly issues: ApiIssue[] = [],
    /** The whole error body, for the fields some errors carry beside the envelope's. */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const CORRELATION_MARKER = 'Correlation ID';
const UNKNOWN_ERROR = 'Unknown error';

/**
 * Server messages end with " Correlation ID: <id>" (docs/design.md#error-envelope); people see the text
 * before it. No usable text at all gives 'Unknown error' (docs/behaviour.md#error-texts).
 */
export function cleanServerMessage(raw: unknown): string {
  if (typeof raw !== 'string') return UNKNOWN_ERROR;
  const marker = raw.indexOf(CORRELATION_MARKER);
  const text = (marker === -1 ? raw : raw.slice(0, marker)).trim();
  return text || UNKNOWN_ERROR;
}

/** How the client learns about the session without importing it (shared code knows no feature). */
export interface ApiSessionHooks {
  /** The bearer token to send, or null for a guest. */
  getToken(): string | null;
  /** Called on every 401 answer (any 401 forces logout: docs/behaviour.md#session). */
  onUnauthorized(): void;
}

let sessionHooks: ApiSessionHooks = { getToken: () => null, onUnauthorized: () => {} };

/** Connects the client to the session store; done once at start-up by src/app. */
export function configureApiClient(hooks: ApiSessionHooks): void {
  sessionHooks = hooks;
}

/** How requests leave: the platform's fetch, or (server rendering) one that answers in-process. */
let transport: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * Sends the client's requests through `fetch` instead of the network. The server renderer
 * (src/entry-server.tsx) hands it the API's own `app.fetch`, so a page renders without HTTP to itself.
 */
export function setApiTransport(fetchImpl: typeof fetch): void {
  transport = fetchImpl;
}

/** `/api` unless VITE_API_BASE_URL says otherwise, made absolute so it also works outside a browser page. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE_URL || '/api';
  const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
  return new URL(configured.endsWith('/') ? configured : `${configured}/`, base).href;
}

let ky: Promise<typeof KyModule> | undefined;
const loadKy = () => (ky ??= import('ky'));

let client: Promise<KyInstance> | undefined;

/**
 * The one HTTP client of the SPA (docs/design.md#one-http-client), made with the first request: ky (~5 KB
 * gzip) is not needed to draw or take over a page, whose data comes with it, so it is not part of the first
 * load (src/main.tsx fetches it once the page is idle). Prefer the typed helpers below.
 */
export function apiClient(): Promise<KyInstance> {
  return (client ??= loadKy().then(({ default: kyDefault }) =>
    kyDefault.create({
      prefixUrl: apiBaseUrl(),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      // TanStack Query owns retries; a second retry layer would multiply requests.
      retry: 0,
      timeout: 20_000,
      fetch: (input, init) => transport(input, init),
      hooks: {
        beforeRequest: [
          (request) => {
            const token = sessionHooks.getToken();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
          },
        ],
        afterResponse: [
          (_request, _options, response) => {
            if (response.status === 401) sessionHooks.onUnauthorized();
          },
        ],
      },
    }),
  ));
}

type SearchParams = Record<string, string | number | boolean | undefined | null> | URLSearchParams;

export interface RequestOptions {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/** A `{ data, meta, linked }` answer (GET v2/products), kept whole. */
export interface Envelope<T, M = unknown, L = unknown> {
  data: T;
  meta?: M;
  linked?: L;
}

function cleanSearchParams(params: SearchParams | undefined): Options['searchParams'] {
  if (!params || params instanceof URLSearchParams) return params;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null) out[key] = value;
  return out;
}

/** The typed error of an error answer's status, JSON body and correlation header. */
function apiErrorFrom(status: number, body: unknown, correlationHeader: string | null): ApiError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return new ApiError(
    status,
    cleanServerMessage(fields.message),
    typeof fields.code === 'string' ? fields.code : 'unknown',
    typeof fields.correlationId === 'string' ? fields.correlationId : (correlationHeader ?? undefined),
    Array.isArray(fields.issues) ? (fields.issues as ApiIssue[]) : [],
    fields,
  );
}

async function toApiError(error: unknown): Promise<unknown> {
  const { HTTPError } = await loadKy();
  if (!(error instanceof HTTPError)) return error;
  const { response } = error;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined;
  }
  return apiErrorFrom(response.status, body, response.headers.get('X-Correlation-Id'));
}

/** A request through the client, answering the raw response; an error answer throws an ApiError. */
export async function apiFetch(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // ky treats an option given as `undefined` as "remove the default", so only set what is present.
  const request: Options = { method };
  if (options.searchParams) request.searchParams = cleanSearchParams(options.searchParams);
  if (options.signal) request.signal = options.signal;
  // Multipart bodies need the browser to write their own Content-Type (with the boundary).
  if (isForm) request.headers = { ...options.headers, 'Content-Type': undefined };
  else if (options.headers) request.headers = options.headers;
  if (isForm) request.body = body as FormData;
  else if (body !== undefined) request.json = body;
  try {
    const client = await apiClient();
    return await client(path.replace(/^\/+/, ''), request);
  } catch (error) {
    throw await toApiError(error);
  }
}

async function send<T>(method: string, path: string, body: unknown, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(method, path, body, options);
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const unwrap = <T>(envelope: Envelope<T> | undefined): T => envelope?.data as T;

/** GET with the whole `{ data, meta, linked }` body, for list answers that carry metadata. */
export function apiGetRaw<T, M = unknown, L = unknown>(path: string, options?: RequestOptions) {
  return send<Envelope<T, M, L>>('GET', path, undefined, options);
}

export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return unwrap(await send<Envelope<T>>('GET', path, undefined, options));
}

export async function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return unwrap(await send<Envelope<T>>('POST', path, body, options));
}

export async function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return unwrap(await send<Envelope<T>>('PUT', path, body, options));
}

export async function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return unwrap(await send<Envelope<T>>('PATCH', path, body, options));
}

export async function apiDelete<T = void>(
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return unwrap(await send<Envelope<T>>('DELETE', path, body, options));
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with upload progress, answering the unwrapped `data`. ky's
 * `onUploadProgress` needs streaming request bodies, which Firefox and Safari lack and Chrome only
 * sends over HTTP/2, so this one call uses XMLHttpRequest, with the client's token, 401 rule and
 * error parsing.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(path.replace(/^\/+/, ''), apiBaseUrl()).href);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionHooks.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(unwrap(body as Envelope<T> | undefined));
        return;
      }
      if (xhr.status === 401) sessionHooks.onUnauthorized();
      reject(apiErrorFrom(xhr.status, body, xhr.getResponseHeader('X-Correlation-Id')));
    });
    xhr.addEventListener('error', () =>
      reject(new Error('The upload could not reach the shop. Check your connection.')),
    );
    xhr.addEventListener('timeout', () => reject(new Error('The upload took too long. Please try again.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
