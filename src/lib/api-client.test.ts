import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@mocks/node';
import { errorResponse } from '@mocks/http';
import { http, HttpResponse } from 'msw';
import {
  apiBaseUrl,
  apiDelete,
  apiFetch,
  apiGet,
  apiGetRaw,
  apiPatch,
  apiPost,
  ApiError,
  cleanServerMessage,
  configureApiClient,
} from './api-client';

const catchError = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('the API client', () => {
  const onUnauthorized = vi.fn();
  let token: string | null = null;

  beforeEach(() => {
    token = null;
    onUnauthorized.mockReset();
    configureApiClient({ getToken: () => token, onUnauthorized });
  });

  it('talks to /api on the same origin by default', () => {
    expect(apiBaseUrl()).toBe(new URL('/api/', document.baseURI).href);
  });

  it('hands back the data of the envelope', async () => {
    server.use(
      http.get('/api/v1/categories', () =>
        HttpResponse.json({ data: { count: 1, rows: [{ name: 'Vegetables' }] } }),
      ),
    );
    await expect(apiGet('v1/categories')).resolves.toEqual({ count: 1, rows: [{ name: 'Vegetables' }] });
  });

  it('answers the health check through the mocks', async () => {
    await expect(apiGet<{ status: string; version: string }>('/health')).resolves.toMatchObject({
      status: 'ok',
      version: 'v0.0.7',
    });
  });

  it('keeps data, meta and linked together for listing answers', async () => {
    server.use(
      http.get('/api/v2/products', ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json({
          data: [{ productId: 'p1' }],
          meta: { total: 1, limit: Number(url.searchParams.get('limit')), offset: 0 },
          linked: { categories: {} },
        });
      }),
    );
    const body = await apiGetRaw('v2/products', { searchParams: { limit: 24, category: undefined } });
    expect(body).toEqual({
      data: [{ productId: 'p1' }],
      meta: { total: 1, limit: 24, offset: 0 },
      linked: { categories: {} },
    });
  });

  it('sends JSON headers, and the bearer token only when signed in', async () => {
    const seen: Headers[] = [];
    server.use(
      http.post('/api/v1/cart', ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ data: { ok: true } }, { status: 201 });
      }),
    );
    await apiPost('v1/cart', { item: { productId: 'p1' } });
    token = 'header.payload.signature';
    await apiPost('v1/cart', { item: { productId: 'p1' } });

    expect(seen[0]!.get('accept')).toBe('application/json');
    expect(seen[0]!.get('content-type')).toBe('application/json');
    expect(seen[0]!.get('authorization')).toBeNull();
    expect(seen[1]!.get('authorization')).toBe('Bearer header.payload.signature');
  });

  it('sends bodies as JSON and copes with empty answers', async () => {
    let received: unknown;
    server.use(
      http.patch('/api/v1/cart/:itemId', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ data: { quantity: 2 } });
      }),
      http.delete('/api/v1/cart/:itemId', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(apiPatch('v1/cart/i1', { quantity: 1 })).resolves.toEqual({ quantity: 2 });
    expect(received).toEqual({ quantity: 1 });
    await expect(apiDelete('v1/cart/i1')).resolves.toBeUndefined();
  });

  it('uploads files as multipart, letting the browser write the boundary', async () => {
    let contentType: string | null = null;
    let hasImage = false;
    server.use(
      http.post('/api/v1/assets/image', async ({ request }) => {
        contentType = request.headers.get('content-type');
        const form = await request.formData();
        hasImage = form.has('image');
        return HttpResponse.json({ data: { imageId: 'img1' } }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('image', new File(['png-bytes'], 'mango.png', { type: 'image/png' }));
    await expect(apiPost('v1/assets/image', form)).resolves.toEqual({ imageId: 'img1' });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(hasImage).toBe(true);
  });

  it('turns an error answer into an ApiError with the message cut before the correlation id', async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        errorResponse(400, 'validation_failed', 'Invalid body: email: Invalid email address.', [
          { path: 'email', message: 'Invalid email address' },
        ]),
      ),
    );
    const error = await catchError(apiPost('v1/auth/login', { email: 'nope' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid body: email: Invalid email address.',
      issues: [{ path: 'email', message: 'Invalid email address' }],
    });
    expect((error as ApiError).correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says 'Unknown error' when the answer carries no message", async () => {
    server.use(
      http.get(
        '/api/v1/products/broken',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
      http.get('/api/v1/products/empty', () =>
        HttpResponse.json({ message: '  Correlation ID: abc' }, { status: 500 }),
      ),
    );
    await expect(catchError(apiGet('v1/products/broken'))).resolves.toMatchObject({
      status: 502,
      message: 'Unknown error',
    });
    await expect(catchError(apiGet('v1/products/empty'))).resolves.toMatchObject({
      status: 500,
      message: 'Unknown error',
    });
  });

  it('reports unknown API routes as 404 JSON, like the server', async () => {
    await expect(catchError(apiGet('v1/no-such-thing'))).resolves.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'There is no API route GET /api/v1/no-such-thing.',
    });
  });

  it('tells the session about every 401, and only 401', async () => {
    server.use(
      http.get('/api/v1/cart', () => errorResponse(401, 'unauthorized', 'Please sign in.')),
      http.get('/api/v1/admin-only', () =>
        errorResponse(403, 'forbidden', 'You are not allowed to do that.'),
      ),
    );
    await expect(catchError(apiGet('v1/admin-only'))).resolves.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(catchError(apiGet('v1/cart'))).resolves.toMatchObject({
      status: 401,
      message: 'Please sign in.',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('hands back the raw answer where it is not JSON, and an ApiError where it fails', async () => {
    let accept: string | null = null;
    server.use(
      http.get('/api/v1/admin/orders', ({ request }) => {
        accept = request.headers.get('Accept');
        return new HttpResponse('id,total\n7,1200\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
      http.get('/api/v1/admin/broken.csv', () =>
        errorResponse(403, 'forbidden', 'You are not allowed to do that.'),
      ),
    );
    const response = await apiFetch('GET', 'v1/admin/orders', undefined, { headers: { Accept: 'text/csv' } });
    expect(accept).toBe('text/csv');
    await expect(response.text()).resolves.toBe('id,total\n7,1200\n');
    await expect(catchError(apiFetch('GET', 'v1/admin/broken.csv'))).resolves.toMatchObject({
      name: 'ApiError',
      status: 403,
      message: 'You are not allowed to do that.',
    });
  });

  it('lets a caller cancel a request', async () => {
    server.use(http.get('/api/v1/slow', async () => new Promise(() => {})));
    const controller = new AbortController();
    const pending = catchError(apiGet('v1/slow', { signal: controller.signal }));
    controller.abort();
    await expect(pending).resolves.toMatchObject({ name: 'AbortError' });
  });
});

describe('cleanServerMessage', () => {
  it.each([
    ['Product was not found. Correlation ID: 6f1c', 'Product was not found.'],
    ['  Out of stock  ', 'Out of stock'],
    ['Correlation ID: 6f1c', 'Unknown error'],
    ['', 'Unknown error'],
    [undefined, 'Unknown error'],
    [42, 'Unknown error'],
  ])('%j → %j', (raw, shown) => {
    expect(cleanServerMessage(raw)).toBe(shown);
  });
});
