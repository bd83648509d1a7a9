// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/common';
import { SearchResponse } from '../../contract/search';
import { BASE, serveMocks } from '../test-api';
import { searchHandlers } from './search';

serveMocks(...searchHandlers);

const search = (query: string) => fetch(`${BASE}/v1/search/orama${query}`);

async function names(q: string, extra = '') {
  const res = await search(`?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return SearchResponse.parse(await res.json()).data.map((r) => r.name);
}

describe('mock GET /api/v1/search/orama', () => {
  it('answers the contract shape, best match first', async () => {
    const res = await search('?q=omena');
    const { data } = SearchResponse.parse(await res.json());
    expect(data[0]).toMatchObject({ name: 'Omena', category: 'Meat & Fish', available: expect.any(Boolean) });
    expect(data[0]!.Images[0]!.url).toMatch(/^data:image\/svg\+xml/);
  });

  it.each([
    ['tilapa', 'Lake Victoria tilapia'],
    ['omna', 'Omena'],
    ['sukuma wik', 'Sukuma wiki'],
    ['tila', 'Lake Victoria tilapia'],
    ['  pishori  ', 'Pishori rice'],
  ])('finds %s → %s like the server', async (q, name) => {
    expect((await names(q))[0]).toBe(name);
  });

  it('allows no typo in words of three letters', async () => {
    expect(await names('bef')).not.toContain('Beef');
  });

  it('marks products out of stock', async () => {
    const res = await search('?q=mandazi');
    const [hit] = SearchResponse.parse(await res.json()).data;
    expect(hit).toMatchObject({ name: 'Mandazi', available: false });
  });

  it('honours limit', async () => {
    expect((await names('a', '&limit=2')).length).toBeLessThanOrEqual(2);
  });

  it.each([
    ['?q=', 'q'],
    ['?q=%20%20', 'q'],
    ['', 'q'],
    [`?q=${'a'.repeat(101)}`, 'q'],
    ['?q=omena&limit=0', 'limit'],
    ['?q=omena&limit=51', 'limit'],
    ['?q=omena&limit=abc', 'limit'],
  ])('refuses %s with the 400 envelope', async (query, field) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    const body = ErrorBody.parse(await res.json());
    expect(res.headers.get('x-correlation-id')).toBe(body.correlationId);
    expect(body.code).toBe('validation_failed');
    expect(body.message).toMatch(
      new RegExp(`^Invalid query: ${field}: .+ Correlation ID: ${body.correlationId}$`),
    );
    expect(body.issues?.[0]?.path).toBe(field);
  });
});
