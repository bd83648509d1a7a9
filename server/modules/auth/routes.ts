import { createRoute } from '@hono/zod-openapi';
import {
  AuthResult,
  ChangePasswordBody,
  EmailBody,
  ForgotPasswordResult,
  GetUserResult,
  LoginBody,
  LogoutResult,
  ResendOtpBody,
  ResendOtpResult,
  SetPasswordBody,
  UpdateMeBody,
  UpdateProfileBody,
  UpdateProfileParams,
  User,
  VerifyOtpBody,
  VerifyOtpResult,
} from '../../../contract/auth';
import { bearerSecurity, optionalBearerSecurity, publicSecurity } from '../../lib/auth/middleware';
import { body, error, ok, rateLimited, signedOut } from '../../lib/openapi';

// Paths are under /v1/auth, where server/app.ts mounts this module.

const invalid = error('The body is not valid (`issues` name the fields)');
const limited = rateLimited('Too many requests from this address or for this email (`rate_limited`)');
const tags = ['auth'];
const erased = error('The account was erased (`account_erased`): no code is sent');

export const getUserRoute = createRoute({
  method: 'post',
  path: '/get-user',
  operationId: 'getUser',
  tags,
  security: publicSecurity,
  summary: 'Email first: password step for an account with a password, else a code is sent',
  request: { body: body(EmailBody) },
  responses: {
    200: ok('Where sign-in goes next', GetUserResult),
    400: invalid,
    403: erased,
    429: limited,
  },
});

export const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  operationId: 'register',
  tags,
  security: publicSecurity,
  summary: 'Starts sign-up; the same answer as get-user',
  request: { body: body(EmailBody) },
  responses: {
    200: ok('Where sign-up goes next', GetUserResult),
    400: invalid,
    403: erased,
    429: limited,
  },
});

export const verifyOtpRoute = createRoute({
  method: 'post',
  path: '/verify-otp',
  operationId: 'verifyOtp',
  tags,
  security: publicSecurity,
  summary: 'Checks a code; a right one becomes a one-time profile token',
  request: { body: body(VerifyOtpBody) },
  responses: {
    200: ok('The one-time profile token', VerifyOtpResult),
    400: error('Wrong code (`invalid_code`, tries left in the message) or a bad body'),
    404: error('No such challenge'),
    410: error(
      'The challenge is used (`challenge_used`), locked after 5 wrong codes (`challenge_locked`) or expired (`code_expired`)',
    ),
    429: limited,
  },
});

export const resendOtpRoute = createRoute({
  method: 'post',
  path: '/resend-otp',
  operationId: 'resendOtp',
  tags,
  security: publicSecurity,
  summary:
    'Sends a new code for a challenge (no sooner than 60 s after the last); the old code stops working',
  request: { body: body(ResendOtpBody) },
  responses: {
    200: ok('A new code was sent', ResendOtpResult),
    400: invalid,
    404: error('No such challenge'),
    410: error('The challenge is used or locked'),
    429: rateLimited('Within 60 s of the last code, or 5 codes this hour (`rate_limited`)'),
  },
});

export const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/update-profile/{encodedId}',
  operationId: 'updateProfile',
  tags,
  security: publicSecurity,
  summary: 'Creates (sign-up) or completes the account with the profile token, then signs in',
  request: { params: UpdateProfileParams, body: body(UpdateProfileBody) },
  responses: {
    200: ok('Signed in', AuthResult),
    400: error(
      'Bad body (unknown fields such as type, userId or email included), an invalid token, or a password too easy to guess: common, built on the shop name, the city, or the email or name of the account, or guessable (`password_too_common`)',
    ),
    409: error('An account with this email was created meanwhile'),
    410: error('The token is used or expired'),
    429: limited,
  },
});

export const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/forgot-password',
  operationId: 'forgotPassword',
  tags,
  security: publicSecurity,
  summary: 'Sends a password-reset code; answers alike whether or not the email has an account',
  request: { body: body(EmailBody) },
  responses: { 200: ok('The challenge to verify', ForgotPasswordResult), 400: invalid, 429: limited },
});

export const setPasswordRoute = createRoute({
  method: 'post',
  path: '/set-password',
  operationId: 'setPassword',
  tags,
  security: publicSecurity,
  summary: 'Sets a new password with a reset profile token, ends all sessions, then signs in',
  request: { body: body(SetPasswordBody) },
  responses: {
    200: ok('Signed in', AuthResult),
    400: error(
      'Bad body, an invalid token, a sign-up token (`wrong_token_purpose`), or a password too easy to guess: common, built on the shop name, the city, or the email or name of the account, or guessable (`password_too_common`)',
    ),
    410: error('The token is used or expired'),
    429: limited,
  },
});

export const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  operationId: 'login',
  tags,
  security: publicSecurity,
  summary: 'Signs in with email and password',
  request: { body: body(LoginBody) },
  responses: {
    200: ok('Signed in', AuthResult),
    400: error('Bad body, or `invalid_credentials` (not 401, which the SPA treats as "signed out")'),
    403: error('A deactivated staff account (`account_deactivated`)'),
    429: limited,
  },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  operationId: 'logout',
  tags,
  summary: "Ends the bearer token's session (answers the same when there is none)",
  security: optionalBearerSecurity,
  responses: { 200: ok('Signed out', LogoutResult), 429: limited },
});

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  tags,
  summary: 'The signed-in user',
  security: bearerSecurity,
  responses: { 200: ok('The user', User), 401: signedOut, 429: limited },
});

export const updateMeRoute = createRoute({
  method: 'patch',
  path: '/me',
  operationId: 'updateMe',
  tags,
  summary: "Changes the signed-in user's name, phone or country",
  security: bearerSecurity,
  request: { body: body(UpdateMeBody) },
  responses: { 200: ok('The user', User), 400: invalid, 401: signedOut, 429: limited },
});

export const changePasswordRoute = createRoute({
  method: 'post',
  path: '/change-password',
  operationId: 'changePassword',
  tags,
  summary: 'Changes the password (the current one is needed) and ends every other session',
  security: bearerSecurity,
  request: { body: body(ChangePasswordBody) },
  responses: {
    200: ok('The user', User),
    400: error(
      'Bad body, the current password is wrong, or the new one is too easy to guess: common, built on the shop name, the city, or the email or name of the account, or guessable (`password_too_common`)',
    ),
    401: signedOut,
    429: limited,
  },
});
