// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MESSAGE } from '../../contract/control-chars';
import { mockFetch, serveMocks } from '../test-api';
import { catalogueHandlers } from './catalogue';
import { savedItemsHandlers } from './saved-items';
import { systemHandlers } from './system';

serveMocks(...systemHandlers, ...catalogueHandlers, ...savedItemsHandlers);

// The mocks refuse control characters as the server does (contract/control-chars.ts), before the
// route's handler, so the SPA meets the same 400 in both.
describe('mock API: control characters', () => {
  it('refuses one in a query value with the 400 naming the parameter', async () => {
    const res = await mockFetch('GET', '/v2/products?category=%00');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'category', message: CONTROL_CHAR_MESSAGE }],
    });
  });

  it('refuses one in a JSON body, naming the field', async () => {
    const res = await mockFetch('POST', '/v1/saved-items', { productId: 'P\u0000' });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([{ path: 'productId', message: CONTROL_CHAR_MESSAGE }]);
  });

  it('passes every other request on to its route', async () => {
    const res = await mockFetch('GET', '/v2/products?category=fruits-vegetables');
    expect(res.status).toBe(200);
  });
});
