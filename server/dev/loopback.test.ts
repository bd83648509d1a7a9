import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { closeDarajaSimulators } from './daraja-simulator';
import { isLoopback } from './loopback';

let ctx: TestContext;
beforeAll(async () => {
  // A trusted proxy, to show its X-Forwarded-For still does not open the dev routes.
  ctx = await createTestContext({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await closeDarajaSimulators();
  await ctx.close();
});

/** A request as the node server hands it over: with the socket it came in on. */
const from = (remoteAddress: string, path: string, init: RequestInit = {}, localAddress = '127.0.0.1') =>
  ctx.app.request(path, init, { incoming: { socket: { remoteAddress, localAddress } } });

const DEV_ROUTES = [
  '/api/dev/outbox',
  '/api/dev/mailbox',
  '/api/dev/phone',
  '/api/dev/phone/prompts',
  '/api/dev/daraja/oauth/v1/generate?grant_type=client_credentials',
];

describe('the development routes', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answer a client on %s', async (ip) => {
    const res = await from(ip, '/api/dev/outbox');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual(expect.any(Array));
  });

  it('answer requests made in this process (no socket), as the in-memory tests make them', async () => {
    expect((await ctx.request('/api/dev/outbox')).status).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1', 'fe80::1%eth0'])(
    'do not exist for a client on %s',
    async (ip) => {
      for (const path of DEV_ROUTES) {
        const res = await from(ip, path);
        expect(res.status, path).toBe(404);
        const body = await res.json();
        expect(body.code).toBe('not_found');
        expect(body.message).toContain(`There is no API route GET ${path.split('?')[0]}.`);
      }
      // Nor for another method: no 405 that would give the route away.
      expect((await from(ip, '/api/dev/outbox', { method: 'POST' })).status).toBe(404);
    },
  );

  it('go by the socket, not by X-Forwarded-For', async () => {
    const res = await from('192.168.1.20', '/api/dev/outbox', {
      headers: { 'X-Forwarded-For': '127.0.0.1' },
    });
    expect(res.status).toBe(404);
  });

  it('answer this machine reaching itself on its own network address (HOST set to it)', async () => {
    expect((await from('192.168.1.20', '/api/dev/outbox', {}, '192.168.1.20')).status).toBe(200);
  });

  // A tunnel or proxy on this machine (the way to let Daraja's sandbox call back) connects from
  // loopback, so the socket alone would publish the mailbox's sign-in codes to the internet.
  it.each([
    ['X-Forwarded-For', '203.0.113.9'],
    ['Forwarded', 'for=203.0.113.9;proto=https'],
    ['X-Real-IP', '203.0.113.9'],
    ['X-Forwarded-Host', 'shop.trycloudflare.com'],
    ['X-Forwarded-Proto', 'https'],
    ['Via', '1.1 tunnel'],
  ])('refuse a loopback request that came through a proxy (%s), with 403 and why', async (header, value) => {
    for (const path of DEV_ROUTES) {
      const res = await from('127.0.0.1', path, { headers: { [header]: value } });
      expect(res.status, path).toBe(403);
      const body = await res.json();
      expect(body.code).toBe('dev_tools_local_only');
      expect(body.message).toMatch(/^The development tools answer only this machine, asked at localhost: /);
      expect(body.message).toContain('through a proxy or tunnel');
    }
    // Made in this process too: the headers decide, whatever the socket.
    expect((await ctx.request('/api/dev/outbox', { headers: { [header]: value } })).status).toBe(403);
  });

  it.each([
    'shop.trycloudflare.com',
    'abc123.ngrok-free.app:443',
    '192.168.1.20:3000',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
  ])('refuse a loopback request for the Host %s, with 403 and why', async (host) => {
    const res = await from('127.0.0.1', '/api/dev/outbox', { headers: { Host: host } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toContain('for another host name');
  });

  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1',
    '127.0.0.1:3000',
    '[::1]',
    '[::1]:3000',
    'LOCALHOST:3000',
  ])('answer a loopback request for the Host %s', async (host) => {
    expect((await from('127.0.0.1', '/api/dev/outbox', { headers: { Host: host } })).status).toBe(200);
  });

  it('answer the server calling its own simulator on its network address, Host included', async () => {
    const res = await from(
      '192.168.1.20',
      '/api/dev/outbox',
      { headers: { Host: '192.168.1.20:3000' } },
      '192.168.1.20',
    );
    expect(res.status).toBe(200);
  });

  it('leave the other routes open to every client', async () => {
    expect((await from('192.168.1.20', '/api/health')).status).toBe(200);
  });
});

describe('isLoopback', () => {
  it('knows 127.0.0.0/8, ::1 and their IPv4-mapped forms', () => {
    for (const ip of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]'])
      expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['128.0.0.1', '0.0.0.0', '::', '::2', '::ffff:10.0.0.1', 'localhost', '', 'unknown'])
      expect(isLoopback(ip), ip).toBe(false);
  });
});
