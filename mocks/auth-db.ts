import { userView, type AccountRecord } from '../contract/accounts';
import type { OtpPurpose, User, UserType } from '../contract/auth';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';
import { DEFAULT_LANGUAGE, type Language } from '../contract/languages';
import { isStaffRole, type StaffRole } from '../contract/roles';

/*
 * The accounts side of the mock API: users (with the two demo accounts of the real seed), one-time-code
 * challenges, profile tokens, ended sessions and the dev outbox. In `vite --mode mock` the state is
 * kept in localStorage, because MSW runs in the page and the SPA reloads on logout: an account made
 * before a reload must still be there after it. Tests (Vitest) keep it in memory and reset it.
 */

export interface MockUser extends Omit<AccountRecord, 'createdAt' | 'language' | 'smsUpdates'> {
  /** The person's language and SMS choice; absent means the defaults, as a new account has (English, SMS on). */
  language?: Language;
  smsUpdates?: boolean;
  /** Plain text: this is a mock; the real server stores argon2id hashes. */
  password: string | null;
  createdAt: number;
  /** When the owner deactivated this staff account (it can no longer sign in). */
  deactivatedAt?: number | null;
  /** When the shop blocked this shopper's checkout, and why. */
  blockedAt?: number | null;
  blockedReason?: string | null;
  /** When the shopper's personal data was erased (the account can no longer sign in). */
  erasedAt?: number | null;
}

export interface MockChallenge {
  id: string;
  email: string;
  userId: string | null;
  purpose: OtpPurpose;
  code: string;
  attempts: number;
  lastSentAt: number;
  expiresAt: number;
  consumedAt: number | null;
}

export interface MockProfileToken {
  token: string;
  email: string;
  userId: string | null;
  purpose: OtpPurpose;
  expiresAt: number;
  usedAt: number | null;
}

/** A staff invitation (server/modules/staff/invitations.ts); the mock keeps the token itself. */
export interface MockInvitation {
  id: string;
  email: string;
  role: StaffRole;
  token: string;
  invitedBy: string | null;
  sentAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

interface MockMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: 'sent';
  createdAt: number;
}

export interface AuthDbState {
  users: MockUser[];
  challenges: MockChallenge[];
  profileTokens: MockProfileToken[];
  /** Session ids (`jti`, or the whole token when it has none) that logged out or were ended. */
  endedSessions: string[];
  /** The sessions the mock issued, so a password change can end a user's other sessions. */
  sessions: { jti: string; userId: string; at?: number }[];
  /** When codes were sent to an email (for the 5-an-hour limit). */
  codeSends: Record<string, number[]>;
  outbox: MockMail[];
  invitations: MockInvitation[];
}

/** The demo accounts of the real seed (contract/demo-accounts.ts), with ids of their own. */
export const DEMO_USERS = {
  admin: { ...DEMO_ACCOUNTS.admin, id: 'ad000000-0000-4000-8000-00000000a001' },
  packer: { ...DEMO_ACCOUNTS.packer, id: 'ad000000-0000-4000-8000-00000000a002' },
  rider: { ...DEMO_ACCOUNTS.rider, id: 'ad000000-0000-4000-8000-00000000a003' },
  shopper: { ...DEMO_ACCOUNTS.shopper, id: 'c0000000-0000-4000-8000-00000000c001' },
} as const satisfies Record<string, Omit<MockUser, 'createdAt'>>;

const fresh = (now = Date.now()): AuthDbState => ({
  users: Object.values(DEMO_USERS).map((u) => ({ ...u, createdAt: now - 30 * 86_400_000 })),
  challenges: [],
  profileTokens: [],
  endedSessions: [],
  sessions: [],
  codeSends: {},
  outbox: [],
  invitations: [],
});

const STORAGE_KEY = 'sokoni.mock.auth';
// Only the browser mock mode persists; Vitest's MODE is `test`.
const persistent = import.meta.env?.MODE === 'mock' && typeof localStorage !== 'undefined';

function load(): AuthDbState {
  if (!persistent) return fresh();
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) return { ...fresh(), ...(JSON.parse(raw) as Partial<AuthDbState>) };
  } catch {
    // Unreadable state: start again.
  }
  return fresh();
}

/** The live state; handlers change it and then call {@link saveAuthDb}. */
export const authDb: AuthDbState = load();

/** Keeps the state across page loads in mock mode (a no-op in tests). */
export function saveAuthDb(): void {
  if (!persistent) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(authDb));
  } catch {
    // Storage full or blocked: the mock keeps working for this page load.
  }
}

/** Back to the demo accounts only (between tests). */
export function resetAuthDb(now = Date.now()): void {
  Object.assign(authDb, fresh(now));
  saveAuthDb();
}

export const findUserByEmail = (email: string) => authDb.users.find((u) => u.email.toLowerCase() === email);
export const findUserById = (id: string) => authDb.users.find((u) => u.id === id);

/** The public shape of an account (contract/accounts.ts). */
export const toUser = (u: MockUser): User =>
  userView({
    ...u,
    language: u.language ?? DEFAULT_LANGUAGE,
    smsUpdates: u.smsUpdates ?? true,
    createdAt: new Date(u.createdAt),
  });

/** Puts a mail in the dev outbox, newest first, as the server's mail worker records a sent one. */
export function mockMail(mail: Pick<MockMail, 'to' | 'subject' | 'text' | 'html'>, now = Date.now()): void {
  authDb.outbox.unshift({ id: crypto.randomUUID(), ...mail, status: 'sent', createdAt: now });
}

/** The newest code mailed to an address, read from the outbox (for tests). */
export function latestCode(email: string): string | undefined {
  const mail = authDb.outbox.find((m) => m.to === email.toLowerCase());
  return mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
}

// ---- tokens ----------------------------------------------------------------------------------

function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const padded = encoded
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(encoded.length / 4) * 4, '=');
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const MOCK_ISSUER = 'sokoni-mock';
const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A sign-in token shaped like the server's JWT (header.payload.signature, base64url, the same
 * claims) but not signed: the SPA only decodes it, and the mock only reads it back.
 */
export function issueMockToken(user: MockUser, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const jti = crypto.randomUUID();
  authDb.sessions.push({ jti, userId: user.id, at: now });
  saveAuthDb();
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      userId: user.id,
      type: user.type,
      role: user.role,
      email: user.email,
      name: user.name,
      sub: user.id,
      jti,
      iat,
      exp: iat + TOKEN_TTL_SECONDS,
      iss: MOCK_ISSUER,
      aud: 'sokoni',
    }),
  );
  return `${header}.${payload}.${base64Url('mock-signature')}`;
}

interface Claims {
  userId: string;
  type: UserType;
  role: StaffRole | null;
  email: string;
  name: string;
  jti?: string;
  exp: number;
}

function readClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const c = JSON.parse(fromBase64Url(parts[1]!)) as Record<string, unknown>;
    if (typeof c.userId !== 'string' || (c.type !== 'admin' && c.type !== 'customer')) return null;
    if (typeof c.exp !== 'number' || typeof c.email !== 'string') return null;
    return {
      userId: c.userId,
      type: c.type,
      // A staff token without a role is from before roles, when every admin became an owner.
      role: c.type !== 'admin' ? null : c.role === undefined ? 'owner' : isStaffRole(c.role) ? c.role : null,
      email: c.email,
      name: typeof c.name === 'string' ? c.name : '',
      jti: typeof c.jti === 'string' ? c.jti : undefined,
      exp: c.exp,
    };
  } catch {
    return null;
  }
}

/** The bearer token of a request, if it has one. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export interface MockSession {
  user: MockUser;
  sessionId: string;
}

/**
 * The signed-in user of a request, or null (the handler answers 401). A well-formed, unexpired token
 * whose session has not ended is enough; a token for an account the mock does not know (tests and the
 * e2e suite seed such sessions) brings that account into the store from its claims.
 */
export function authenticate(request: Request, now = Date.now()): MockSession | null {
  const token = bearerOf(request);
  const claims = token ? readClaims(token) : null;
  if (!token || !claims || claims.exp * 1000 <= now) return null;
  const sessionId = claims.jti ?? token;
  if (authDb.endedSessions.includes(sessionId)) return null;
  let user = findUserById(claims.userId);
  // A deactivated staff member is out at once, as on the server.
  if (user?.deactivatedAt) return null;
  if (!user) {
    user = {
      id: claims.userId,
      email: claims.email,
      name: claims.name,
      phone: null,
      country: null,
      type: claims.type,
      role: claims.role,
      password: null,
      createdAt: now,
    };
    authDb.users.push(user);
    saveAuthDb();
  }
  return { user, sessionId };
}

/** Ends the session of a token (logout); answers nothing either way, like the server. */
export function endSession(token: string | null): void {
  const claims = token ? readClaims(token) : null;
  if (!token || !claims) return;
  authDb.endedSessions.push(claims.jti ?? token);
  saveAuthDb();
}

/** Ends every session the mock issued to a user, except `keep` (set-password, change-password). */
export function endUserSessions(userId: string, keep?: string): void {
  for (const s of authDb.sessions) {
    if (s.userId === userId && s.jti !== keep && !authDb.endedSessions.includes(s.jti))
      authDb.endedSessions.push(s.jti);
  }
  saveAuthDb();
}
