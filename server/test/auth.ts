import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../contract/roles';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/auth/password';
import { listMail } from '../lib/mail/outbox';
import { createTestContext, type TestContext } from './harness';

/**
 * A test app that takes the client IP from X-Forwarded-For, so each test can be its own client, with
 * hour-long rate-limit windows so a window rarely turns over in the middle of a test.
 */
export const authTestContext = (overrides: Record<string, string> = {}) =>
  createTestContext({ TRUST_PROXY: '1', AUTH_RATE_WINDOW_SECONDS: '3600', ...overrides });

let clients = 0;
/** A client address no other request of the file used. */
export const freshIp = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

export const uniqueEmail = (tag = 'shopper') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

interface CallOptions {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls `/api/v1…` as a client at `ip` (a fresh one by default), with a bearer token when given. */
export function client(ctx: TestContext) {
  const call = (method: string, path: string, json?: unknown, o: CallOptions = {}) =>
    ctx.request(`/api/v1${path}`, {
      method,
      json,
      headers: {
        'X-Forwarded-For': o.ip ?? freshIp(),
        ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
    });
  return {
    get: (path: string, o?: CallOptions) => call('GET', path, undefined, o),
    post: (path: string, json?: unknown, o?: CallOptions) => call('POST', path, json, o),
    patch: (path: string, json?: unknown, o?: CallOptions) => call('PATCH', path, json, o),
  };
}

/** The code in the newest message to `email`, read from the outbox table. */
export async function latestCode(db: Db, email: string): Promise<string> {
  const [message] = await listMail(db, { to: email, limit: 1 });
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

/** Inserts an account directly (no flow), for tests about something else. */
export async function createUser(
  db: Db,
  {
    email = uniqueEmail(),
    password,
    type = 'customer',
    role = type === 'admin' ? 'owner' : undefined,
    name = 'Test Shopper',
    phone,
  }: {
    email?: string;
    password?: string;
    type?: 'admin' | 'customer';
    /** A staff account's role; an admin is an owner unless told otherwise. */
    role?: StaffRole;
    name?: string;
    /** `+2547…`, as sign-up stores it. */
    phone?: string;
  } = {},
) {
  const [user] = await db
    .insert(users)
    .values({ email, name, type, role, phone, passwordHash: password ? await hashPassword(password) : null })
    .returning();
  return user!;
}

/** Signs in with email and password and returns the bearer token. */
export async function loginToken(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await client(ctx).post('/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

/** The whole sign-up: email, code from the outbox, profile. */
export async function signUp(ctx: TestContext, email: string, profile: Record<string, unknown> = {}) {
  const api = client(ctx);
  const started = await (await api.post('/auth/get-user', { email })).json();
  const verified = await (
    await api.post('/auth/verify-otp', { id: started.data.id, otp: await latestCode(ctx.database.db, email) })
  ).json();
  const res = await api.patch(`/auth/update-profile/${verified.data.token}`, {
    name: 'New Shopper',
    password: 'a-good-password',
    ...profile,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data as { token: string; user: { userId: string; email: string; name: string } };
}
