import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyToken } from './session';

// A token is checked once and remembered: what must still hold every time it is used again.

const env = {
  JWT_SECRET: 'a-secret-long-enough-for-the-tests-of-this-file',
  JWT_ISSUER: 'sokoni',
  JWT_AUDIENCE: 'sokoni-web',
  JWT_TTL_SECONDS: 3600,
};
const at = (iso: string) => new Date(iso);
const ISSUED = at('2026-03-02T08:00:00Z');

function tokenFor(secret = env.JWT_SECRET) {
  const iat = Math.floor(ISSUED.getTime() / 1000);
  return new SignJWT({
    userId: randomUUID(),
    type: 'customer',
    email: 'wanjiru@example.com',
    name: 'Wanjiru',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + env.JWT_TTL_SECONDS)
    .setJti(randomUUID())
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .sign(new TextEncoder().encode(secret));
}

describe('a token checked once', () => {
  it('is good again until its expiry, and no longer from that second on', async () => {
    const token = await tokenFor();
    expect(await verifyToken(env, token, at('2026-03-02T08:10:00Z'))).toMatchObject({ name: 'Wanjiru' });
    expect(await verifyToken(env, token, at('2026-03-02T08:59:59Z'))).toMatchObject({ name: 'Wanjiru' });
    expect(await verifyToken(env, token, at('2026-03-02T09:00:00Z'))).toBeNull();
  });

  it('is not taken on trust by a server with another secret, issuer or audience', async () => {
    const token = await tokenFor();
    expect(await verifyToken(env, token, ISSUED)).not.toBeNull();
    expect(await verifyToken({ ...env, JWT_SECRET: `${env.JWT_SECRET}-rotated` }, token, ISSUED)).toBeNull();
    expect(await verifyToken({ ...env, JWT_ISSUER: 'another-shop' }, token, ISSUED)).toBeNull();
    expect(await verifyToken({ ...env, JWT_AUDIENCE: 'another-app' }, token, ISSUED)).toBeNull();
    // And the first server still takes it.
    expect(await verifyToken(env, token, ISSUED)).not.toBeNull();
  });

  it('never remembers a token signed with another key', async () => {
    const forged = await tokenFor('not-the-shop-secret-but-as-long-as-it');
    expect(await verifyToken(env, forged, ISSUED)).toBeNull();
    expect(await verifyToken(env, forged, ISSUED)).toBeNull();
  });
});
