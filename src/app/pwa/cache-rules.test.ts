import { describe, expect, it } from 'vitest';
import { APP_SHELL_PATH, CACHES, cacheFor } from './cache-rules';

const origin = 'https://sokoni.example';
const get = (path: string, mode = 'cors') => cacheFor({ method: 'GET', mode, url: origin + path }, origin);

describe('what the service worker keeps for offline use', () => {
  it('keeps storefront pages, never the back office', () => {
    expect(get('/', 'navigate')).toBe(CACHES.pages);
    expect(get('/category/fruits?page=2', 'navigate')).toBe(CACHES.pages);
    expect(get(APP_SHELL_PATH, 'navigate')).toBe(CACHES.pages);
    expect(get('/admin', 'navigate')).toBeNull();
    expect(get('/admin/orders/42', 'navigate')).toBeNull();
    // A storefront page whose name starts like the back office's is still a storefront page.
    expect(get('/administration-tips', 'navigate')).toBe(CACHES.pages);
  });

  it('keeps the catalogue, its images and the shopper’s own answers apart', () => {
    expect(get('/api/v2/products?category=fruits')).toBe(CACHES.catalogue);
    expect(get('/api/v1/products/p1')).toBe(CACHES.catalogue);
    expect(get('/api/v1/categories')).toBe(CACHES.catalogue);
    expect(get('/api/v1/search?q=mango')).toBe(CACHES.catalogue);
    expect(get('/api/v1/assets/image/abc/thumb')).toBe(CACHES.images);
    expect(get('/api/v1/cart')).toBe(CACHES.mine);
    expect(get('/api/v1/orders/o1')).toBe(CACHES.mine);
    expect(get('/api/v1/auth/me')).toBe(CACHES.mine);
  });

  it('leaves writes, the back office’s data, sign-in and other origins to the network', () => {
    expect(cacheFor({ method: 'POST', url: `${origin}/api/v1/cart` }, origin)).toBeNull();
    expect(cacheFor({ method: 'PATCH', url: `${origin}/api/v1/cart/i1` }, origin)).toBeNull();
    expect(get('/api/v1/admin/orders')).toBeNull();
    expect(get('/api/v1/admin/products?q=x')).toBeNull();
    expect(get('/api/v1/auth/sessions')).toBeNull();
    expect(get('/api/health')).toBeNull();
    expect(get('/api/v1/productsx')).toBeNull();
    expect(cacheFor({ method: 'GET', url: 'https://cdn.example/api/v1/products' }, origin)).toBeNull();
  });
});
