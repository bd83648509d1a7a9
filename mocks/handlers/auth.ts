import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  AcceptInvitationBody,
  INVITATION_UNKNOWN_MESSAGE,
  InvitationTokenParams,
  InvitationView,
  invitationRefusal,
  riderPhoneRefusal,
  takenEmailRefusal,
} from '../../contract/admin-staff';
import { ACCOUNT_ERASED_MESSAGE } from '../../contract/admin-customers';
import { http, HttpResponse, type PathParams } from 'msw';
import type { z, ZodError } from 'zod';
import {
  AuthResult,
  ChangePasswordBody,
  EmailBody,
  ForgotPasswordResult,
  GetUserResult,
  LoginBody,
  LogoutResult,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  ResendOtpBody,
  ResendOtpResult,
  SetPasswordBody,
  UpdateMeBody,
  UpdateProfileBody,
  UpdateProfileParams,
  User,
  VerifyOtpBody,
  VerifyOtpResult,
  type OtpPurpose,
} from '../../contract/auth';
import { codePurpose, normaliseEmail, signInStep } from '../../contract/accounts';
import { envelope, validationMessage, zodIssues } from '../../contract/common';
import { builtOnMessage, passwordBuiltOn, wordsToAvoid } from '../../contract/password-words';
import {
  authDb,
  authenticate,
  bearerOf,
  endSession,
  endUserSessions,
  findUserByEmail,
  findUserById,
  issueMockToken,
  saveAuthDb,
  toUser,
  type MockChallenge,
  type MockProfileToken,
  type MockUser,
} from '../auth-db';
import { recordActivity } from '../admin';
import { isMockCountryCode } from './setups';
import { errorResponse } from '../http';

/*
 * The accounts endpoints of the API (server/modules/auth) over the in-memory store of ../auth-db.ts:
 * the same request schemas, answers, error envelope and codes (400 wrong code or password, 404 unknown
 * challenge, 410 used/locked/expired, 429 resend too soon), so the SPA cannot tell them apart. Codes
 * are random and "mailed" to the dev outbox (GET /api/dev/outbox?to=), as on the real server in
 * development. Per-IP and per-email request limits are left out.
 */

const OTP_MAX_ATTEMPTS = 5;
const OTP_MAX_SENDS_PER_HOUR = 5;
const PROFILE_TOKEN_TTL_SECONDS = 15 * 60;

/** A failure that becomes the error envelope (the server's AppError). */
class MockError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

function toResponse(error: MockError) {
  const res = errorResponse(error.status, error.code, error.message, error.issues);
  if (error.retryAfter !== undefined) res.headers.set('Retry-After', String(error.retryAfter));
  if (error.status === 401) res.headers.set('WWW-Authenticate', 'Bearer');
  return res;
}

/** The server's 400 for a request part that fails its schema (server/lib/http.ts newRouter). */
function validationError(part: 'json' | 'param', error: ZodError) {
  const issues = zodIssues(error);
  return new MockError(400, 'validation_failed', validationMessage(part, issues), issues);
}

async function body<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw new MockError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError('json', parsed.error);
  return parsed.data;
}

/** Answers `{ data }` checked against its contract schema, or the error envelope of a MockError. */
function route(
  answer: z.ZodType,
  fn: (args: { request: Request; params: PathParams }) => Promise<unknown>,
): (args: { request: Request; params: PathParams }) => Promise<Response> {
  const schema = envelope(answer);
  return async (args) => {
    try {
      const data = await fn(args);
      return HttpResponse.json(schema.parse({ data }), { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      if (error instanceof MockError) return toResponse(error);
      throw error;
    }
  };
}

const notSignedIn = () => new MockError(401, 'unauthorized', 'Please sign in.');

function requireSession(request: Request) {
  const session = authenticate(request);
  if (!session) throw notSignedIn();
  return session;
}

const accountErased = () => new MockError(403, 'account_erased', ACCOUNT_ERASED_MESSAGE);

/** Every way in ends here, as on the server: a deactivated staff account or an erased shopper is refused. */
function signIn(user: MockUser) {
  if (user.deactivatedAt) throw new MockError(403, 'account_deactivated', ACCOUNT_DEACTIVATED_MESSAGE);
  if (user.erasedAt) throw accountErased();
  return { token: issueMockToken(user), user: toUser(user) };
}

async function checkCountry(country: string | null | undefined) {
  if (country && !(await isMockCountryCode(country))) {
    throw new MockError(400, 'bad_request', 'Please choose a country from the list.', [
      { path: 'country', message: 'is not a known country code' },
    ]);
  }
}

// ---- codes ----------------------------------------------------------------------------------

const newCode = () => String(Math.floor(Math.random() * 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
const secondsLeft = (lastSentAt: number, now: number) =>
  Math.max(1, Math.ceil(OTP_RESEND_SECONDS - (now - lastSentAt) / 1000));

const INTRO: Record<OtpPurpose, string> = {
  register: 'Welcome to Sokoni! Use this code to confirm your email and create your account:',
  login: 'Use this code to sign in to Sokoni:',
  reset: 'Use this code to set a new password for your Sokoni account:',
};

/** Puts the code mail in the outbox, as server/lib/mail/templates.ts writes it (decoys get none). */
function sendCode(challenge: MockChallenge, origin: string, now: number) {
  if (challenge.purpose === 'reset' && challenge.userId === null) return;
  const intro = INTRO[challenge.purpose];
  const link = `${origin}/auth/verify-account/${challenge.id}`;
  const minutes = OTP_TTL_SECONDS / 60;
  const outro = `The code expires in ${minutes} minutes and works once. If you did not ask for it, ignore this email; nobody can sign in without the code.`;
  authDb.outbox.unshift({
    id: crypto.randomUUID(),
    to: challenge.email,
    subject: 'Your Sokoni verification code',
    text: `${intro}\n\n    ${challenge.code}\n\nEnter it at ${link}\n\n${outro}\n\nSokoni`,
    html: `<!doctype html><html lang="en"><body><h1>Sokoni</h1><p>${intro}</p><p style="font-size:32px;font-weight:bold;letter-spacing:6px">${challenge.code}</p><p><a href="${link}">Enter the code</a></p><p>${outro}</p></body></html>`,
    status: 'sent',
    createdAt: now,
  });
}

function countSend(email: string, now: number) {
  const hourAgo = now - 3_600_000;
  const sends = (authDb.codeSends[email] ?? []).filter((t) => t > hourAgo);
  if (sends.length >= OTP_MAX_SENDS_PER_HOUR) {
    const retryAfter = Math.max(1, Math.ceil((sends[0]! + 3_600_000 - now) / 1000));
    throw new MockError(
      429,
      'rate_limited',
      `Too many codes were sent to this email. Please try again in ${retryAfter} seconds.`,
      undefined,
      retryAfter,
    );
  }
  authDb.codeSends[email] = [...sends, now];
}

function resendChallenge(challenge: MockChallenge, origin: string, now: number) {
  if (now - challenge.lastSentAt < OTP_RESEND_SECONDS * 1000) {
    const left = secondsLeft(challenge.lastSentAt, now);
    throw new MockError(
      429,
      'rate_limited',
      `A code was sent moments ago. Please try again in ${left} seconds.`,
      undefined,
      left,
    );
  }
  countSend(challenge.email, now);
  Object.assign(challenge, {
    code: newCode(),
    lastSentAt: now,
    expiresAt: now + OTP_TTL_SECONDS * 1000,
  });
  sendCode(challenge, origin, now);
}

/** One live challenge per (email, purpose, account): answered as is within 60 s, re-sent after. */
function issueChallenge(
  { email, userId, purpose }: { email: string; userId: string | null; purpose: OtpPurpose },
  origin: string,
  now: number,
): string {
  const live = authDb.challenges.find(
    (c) =>
      c.email === email &&
      c.purpose === purpose &&
      c.userId === userId &&
      c.consumedAt === null &&
      c.attempts < OTP_MAX_ATTEMPTS,
  );
  if (live && now - live.lastSentAt < OTP_RESEND_SECONDS * 1000) return live.id;
  if (live) {
    resendChallenge(live, origin, now);
    return live.id;
  }
  countSend(email, now);
  const challenge: MockChallenge = {
    id: crypto.randomUUID(),
    email,
    userId,
    purpose,
    code: newCode(),
    attempts: 0,
    lastSentAt: now,
    expiresAt: now + OTP_TTL_SECONDS * 1000,
    consumedAt: null,
  };
  authDb.challenges.unshift(challenge);
  sendCode(challenge, origin, now);
  return challenge.id;
}

const locked = () =>
  new MockError(
    410,
    'challenge_locked',
    'Too many wrong codes were entered. Please start again to get a new code.',
  );
const used = () =>
  new MockError(410, 'challenge_used', 'This code has already been used. Please start again.');

function liveChallenge(id: string): MockChallenge {
  const challenge = authDb.challenges.find((c) => c.id === id);
  if (!challenge) throw new MockError(404, 'not_found', 'This code request was not found.');
  if (challenge.consumedAt !== null) throw used();
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw locked();
  return challenge;
}

// ---- profile tokens ---------------------------------------------------------------------------

function newProfileToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function consumeProfileToken(token: string, purposes: OtpPurpose[], now: number): MockProfileToken {
  const found = authDb.profileTokens.find((t) => t.token === token);
  if (!found) throw new MockError(400, 'invalid_token', 'This link is not valid. Please start again.');
  if (found.usedAt !== null)
    throw new MockError(410, 'token_used', 'This link has already been used. Please start again.');
  if (found.expiresAt <= now)
    throw new MockError(410, 'token_expired', 'This link has expired. Please start again.');
  if (!purposes.includes(found.purpose)) {
    throw new MockError(
      400,
      'wrong_token_purpose',
      found.purpose === 'register'
        ? 'Please complete your profile to create the account.'
        : 'This link cannot do that.',
    );
  }
  return found;
}

// ---- the service ------------------------------------------------------------------------------

function getUser(rawEmail: string, origin: string) {
  const email = normaliseEmail(rawEmail);
  const user = findUserByEmail(email);
  // An erased account gets no code: nothing could sign it in.
  if (user?.erasedAt) throw accountErased();
  const account = user ? { name: user.name, hasPassword: Boolean(user.password) } : null;
  const purpose = codePurpose(account);
  if (purpose === null) return signInStep(account, null);
  const id = issueChallenge({ email, userId: user?.id ?? null, purpose }, origin, Date.now());
  saveAuthDb();
  return signInStep(account, id);
}

/**
 * The words part of the server's password check (its zxcvbn estimate and breached list stay on the
 * server): a new password built on the shop's, a place's or the person's own words is a 400.
 */
function refuseBuiltOn(password: string, field: string, person: { email?: string; name?: string }) {
  const word = passwordBuiltOn(password, wordsToAvoid(person));
  if (!word) return;
  throw new MockError(400, 'password_too_common', `This password ${builtOnMessage(word)}.`, [
    { path: field, message: builtOnMessage(word) },
  ]);
}

/** The open invitation behind a link, or the server's refusal of it. */
function usableInvitation(params: PathParams, now: number) {
  const param = InvitationTokenParams.safeParse(params);
  if (!param.success) throw validationError('param', param.error);
  const invitation = authDb.invitations.find((i) => i.token === param.data.token);
  if (!invitation) throw new MockError(404, 'invitation_not_found', INVITATION_UNKNOWN_MESSAGE);
  const refusal = invitationRefusal(invitation, now);
  if (refusal) throw new MockError(refusal.status, refusal.code, refusal.message);
  return invitation;
}

const originOf = (request: Request) => new URL(request.url).origin;

/** MSW handlers for the accounts endpoints and the dev outbox; add them to the app's handler list. */
export const authHandlers = [
  http.post(
    '*/api/v1/auth/get-user',
    route(GetUserResult, async ({ request }) =>
      getUser((await body(request, EmailBody)).email, originOf(request)),
    ),
  ),

  http.post(
    '*/api/v1/auth/register',
    route(GetUserResult, async ({ request }) =>
      getUser((await body(request, EmailBody)).email, originOf(request)),
    ),
  ),

  http.post(
    '*/api/v1/auth/verify-otp',
    route(VerifyOtpResult, async ({ request }) => {
      const { id, otp } = await body(request, VerifyOtpBody);
      const now = Date.now();
      const challenge = liveChallenge(id);
      const usable = challenge.expiresAt > now;
      if (usable && challenge.code === otp) {
        challenge.consumedAt = now;
        const token = newProfileToken();
        authDb.profileTokens.push({
          token,
          email: challenge.email,
          userId: challenge.userId,
          purpose: challenge.purpose,
          expiresAt: now + PROFILE_TOKEN_TTL_SECONDS * 1000,
          usedAt: null,
        });
        saveAuthDb();
        return { token, newAccount: challenge.purpose === 'register', purpose: challenge.purpose };
      }
      if (!usable)
        throw new MockError(410, 'code_expired', 'This code has expired. Please ask for a new one.');
      challenge.attempts += 1;
      saveAuthDb();
      const left = OTP_MAX_ATTEMPTS - challenge.attempts;
      if (left <= 0) throw locked();
      throw new MockError(
        400,
        'invalid_code',
        `That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        [{ path: 'otp', message: 'is not correct' }],
      );
    }),
  ),

  http.post(
    '*/api/v1/auth/resend-otp',
    route(ResendOtpResult, async ({ request }) => {
      const { id } = await body(request, ResendOtpBody);
      const challenge = liveChallenge(id);
      resendChallenge(challenge, originOf(request), Date.now());
      saveAuthDb();
      return { id, otp: true, resendAfterSeconds: OTP_RESEND_SECONDS };
    }),
  ),

  http.patch(
    '*/api/v1/auth/update-profile/:encodedId',
    route(AuthResult, async ({ request, params }) => {
      const param = UpdateProfileParams.safeParse(params);
      if (!param.success) throw validationError('param', param.error);
      const profile = await body(request, UpdateProfileBody);
      await checkCountry(profile.country);
      const now = Date.now();
      const grant = consumeProfileToken(param.data.encodedId, ['register', 'login', 'reset'], now);
      refuseBuiltOn(profile.password, 'password', { email: grant.email, name: profile.name });
      const fields = {
        name: profile.name,
        password: profile.password,
        ...(profile.phone !== undefined ? { phone: profile.phone } : {}),
        ...(profile.country !== undefined ? { country: profile.country } : {}),
      };
      let user: MockUser;
      if (grant.purpose === 'register') {
        if (findUserByEmail(grant.email)) {
          throw new MockError(409, 'conflict', 'An account with this email already exists. Please sign in.');
        }
        user = {
          id: crypto.randomUUID(),
          email: grant.email,
          type: 'customer',
          role: null,
          phone: null,
          country: null,
          createdAt: now,
          ...fields,
        };
        authDb.users.push(user);
      } else {
        const found = grant.userId ? findUserById(grant.userId) : undefined;
        if (!found) throw new MockError(404, 'not_found', 'The account was not found.');
        user = Object.assign(found, fields);
        endUserSessions(user.id);
      }
      grant.usedAt = now;
      saveAuthDb();
      return signIn(user);
    }),
  ),

  http.post(
    '*/api/v1/auth/forgot-password',
    route(ForgotPasswordResult, async ({ request }) => {
      const email = normaliseEmail((await body(request, EmailBody)).email);
      const user = findUserByEmail(email);
      const id = issueChallenge(
        { email, userId: user?.id ?? null, purpose: 'reset' },
        originOf(request),
        Date.now(),
      );
      saveAuthDb();
      return { id, purpose: 'reset', otp: true };
    }),
  ),

  http.post(
    '*/api/v1/auth/set-password',
    route(AuthResult, async ({ request }) => {
      const { token, password } = await body(request, SetPasswordBody);
      const now = Date.now();
      const grant = consumeProfileToken(token, ['reset', 'login'], now);
      const user = grant.userId ? findUserById(grant.userId) : undefined;
      if (!user) throw new MockError(404, 'not_found', 'The account was not found.');
      refuseBuiltOn(password, 'password', user);
      user.password = password;
      grant.usedAt = now;
      endUserSessions(user.id);
      saveAuthDb();
      return signIn(user);
    }),
  ),

  http.post(
    '*/api/v1/auth/login',
    route(AuthResult, async ({ request }) => {
      const { email, password } = await body(request, LoginBody);
      const user = findUserByEmail(normaliseEmail(email));
      if (!user?.password || user.password !== password) {
        throw new MockError(400, 'invalid_credentials', 'The email or password is not correct.');
      }
      return signIn(user);
    }),
  ),

  http.post(
    '*/api/v1/auth/logout',
    route(LogoutResult, async ({ request }) => {
      endSession(bearerOf(request));
      return { loggedOut: true };
    }),
  ),

  http.get(
    '*/api/v1/auth/me',
    route(User, async ({ request }) => toUser(requireSession(request).user)),
  ),

  http.patch(
    '*/api/v1/auth/me',
    route(User, async ({ request }) => {
      const { user } = requireSession(request);
      const changes = await body(request, UpdateMeBody);
      await checkCountry(changes.country);
      if (changes.name !== undefined) user.name = changes.name;
      if (changes.phone !== undefined) user.phone = changes.phone;
      if (changes.country !== undefined) user.country = changes.country;
      if (changes.language !== undefined) user.language = changes.language;
      if (changes.smsUpdates !== undefined) user.smsUpdates = changes.smsUpdates;
      saveAuthDb();
      return toUser(user);
    }),
  ),

  http.post(
    '*/api/v1/auth/change-password',
    route(User, async ({ request }) => {
      const { user, sessionId } = requireSession(request);
      const { currentPassword, newPassword } = await body(request, ChangePasswordBody);
      if (user.password !== currentPassword) {
        throw new MockError(400, 'bad_request', 'The current password is not correct.', [
          { path: 'currentPassword', message: 'is not correct' },
        ]);
      }
      refuseBuiltOn(newPassword, 'newPassword', user);
      user.password = newPassword;
      endUserSessions(user.id, sessionId);
      saveAuthDb();
      return toUser(user);
    }),
  ),

  // Staff invitations, the invitee's side (server/modules/staff/invitations.ts).
  http.get(
    '*/api/v1/auth/invitations/:token',
    route(InvitationView, async ({ params }) => {
      const { email, role, expiresAt } = usableInvitation(params, Date.now());
      return { email, role, expiresAt: new Date(expiresAt).toISOString() };
    }),
  ),

  http.post(
    '*/api/v1/auth/invitations/:token/accept',
    route(AuthResult, async ({ request, params }) => {
      const now = Date.now();
      // As the server: the path and the body are checked before the invitation is looked up.
      if (!InvitationTokenParams.safeParse(params).success) usableInvitation(params, now);
      const profile = await body(request, AcceptInvitationBody);
      const invitation = usableInvitation(params, now);
      if (invitation.role === 'rider' && !profile.phone)
        throw new MockError(400, 'bad_request', riderPhoneRefusal.message, riderPhoneRefusal.issues);
      await checkCountry(profile.country);
      refuseBuiltOn(profile.password, 'password', { email: invitation.email, name: profile.name });
      const taken = takenEmailRefusal(findUserByEmail(invitation.email));
      if (taken) throw new MockError(taken.status, taken.code, taken.message);
      const user: MockUser = {
        id: crypto.randomUUID(),
        email: invitation.email,
        name: profile.name,
        password: profile.password,
        phone: profile.phone ?? null,
        country: profile.country ?? null,
        type: 'admin',
        role: invitation.role,
        createdAt: now,
      };
      authDb.users.push(user);
      invitation.acceptedAt = now;
      recordActivity(user, 'staff', user.id, 'joined', `as ${invitation.role}`);
      saveAuthDb();
      return signIn(user);
    }),
  ),

  // The dev mailbox (server/dev/mailbox.ts): the mail "sent", newest first, optionally to one address.
  http.get('*/api/dev/outbox', ({ request }) => {
    const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase();
    const data = authDb.outbox
      .filter((m) => !to || m.to.toLowerCase() === to)
      .slice(0, 50)
      .map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() }));
    return HttpResponse.json({ data }, { headers: { 'Cache-Control': 'no-store' } });
  }),
];
