import { z } from 'zod';
import { Uuid } from './common';
import { STAFF_ROLES } from './roles';
import { LANGUAGES } from './languages';

/** Password length bounds (docs/design.md#sign-in-and-sign-up); the server hashes with argon2id. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A one-time code is 6 digits and lives 10 minutes; a resend waits 60 seconds. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_RESEND_SECONDS = 60;

// The pattern zod checks, in the document too: `format: email` alone allows addresses zod refuses.
export const Email = z
  .email()
  .max(254)
  .meta({ id: 'Email', example: 'wanjiku@sokoni.co.ke', pattern: z.regexes.email.source });

export const Password = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
  .meta({ id: 'Password' });

/** Free text shown back as text (never as HTML); control characters are refused. */
export const PersonName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
  .meta({ id: 'PersonName' });

/** Digits with an optional leading +, spaces and dashes allowed between them (e.g. +254 712 345678). */
export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9](?:[0-9 -]{5,18})[0-9]$/, 'must be a phone number such as +254712345678')
  .meta({ id: 'Phone' });

/** ISO 3166-1 alpha-2 code, as `cca2` in `GET /v1/setups/countries` (e.g. `KE`). */
const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as KE')
  .meta({ id: 'CountryCode' });

/** The opaque id of a one-time-code challenge; it is what `/auth/verify-account/{id}` carries. */
const ChallengeId = Uuid.meta({ id: 'ChallengeId' });

/**
 * The one-time profile token `verify-otp` returns (and a staff invitation's token): 43 URL-safe
 * characters, nothing readable in it.
 */
export const profileToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid token');
const ProfileToken = profileToken.meta({ id: 'ProfileToken' });

export const OtpPurpose = z.enum(['login', 'register', 'reset']).meta({ id: 'OtpPurpose' });
export type OtpPurpose = z.infer<typeof OtpPurpose>;

/** A language the shop speaks to shoppers in (contract/languages.ts). */
const Language = z.enum(LANGUAGES).meta({ id: 'Language' });

export const UserType = z.enum(['admin', 'customer']).meta({ id: 'UserType' });
export type UserType = z.infer<typeof UserType>;

/** A staff account's role (contract/roles.ts says what each may do). */
export const StaffRole = z.enum(STAFF_ROLES).meta({ id: 'StaffRole' });

export const User = z
  .object({
    userId: Uuid,
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    type: UserType,
    /** A staff account's role (contract/roles.ts), which says what it may do; null for a shopper. */
    role: StaffRole.nullable(),
    /** The language the shop speaks to this person in (pages, mails, SMS). */
    language: Language,
    /** Whether order updates go to the order's M-Pesa phone by SMS (on by default). */
    smsUpdates: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** The claims of the sign-in JWT (the SPA decodes the middle part to get the user). */
export const TokenClaims = z
  .object({
    userId: Uuid,
    type: UserType,
    /** A staff account's role when the token was issued (for the SPA's menus); absent in older tokens. */
    role: StaffRole.nullable().optional(),
    email: z.string(),
    name: z.string(),
    jti: Uuid,
    iat: z.number(),
    exp: z.number(),
    iss: z.string(),
    aud: z.union([z.string(), z.array(z.string())]),
  })
  .meta({ id: 'TokenClaims' });
export type TokenClaims = z.infer<typeof TokenClaims>;

// ---- requests ----

export const EmailBody = z.strictObject({ email: Email }).meta({ id: 'EmailBody' });
export type EmailBody = z.infer<typeof EmailBody>;

export const LoginBody = z
  .strictObject({ email: Email, password: z.string().min(1).max(PASSWORD_MAX) })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const VerifyOtpBody = z
  .strictObject({ id: ChallengeId, otp: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') })
  .meta({ id: 'VerifyOtpBody' });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

export const ResendOtpBody = z.strictObject({ id: ChallengeId }).meta({ id: 'ResendOtpBody' });
export type ResendOtpBody = z.infer<typeof ResendOtpBody>;

/** Completing a profile: who the account belongs to comes from the token, never from the body. */
export const UpdateProfileBody = z
  .strictObject({
    name: PersonName,
    phone: Phone.optional(),
    country: CountryCode.optional(),
    password: Password,
  })
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** `PATCH /v1/auth/update-profile/{encodedId}`: the profile token from `verify-otp`. */
export const UpdateProfileParams = z.object({ encodedId: profileToken });

export const SetPasswordBody = z
  .strictObject({ token: ProfileToken, password: Password })
  .meta({ id: 'SetPasswordBody' });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const UpdateMeBody = z
  .strictObject({
    name: PersonName.optional(),
    phone: Phone.nullable().optional(),
    country: CountryCode.nullable().optional(),
    language: Language.optional(),
    smsUpdates: z.boolean().optional(),
  })
  .meta({ id: 'UpdateMeBody' });
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const ChangePasswordBody = z
  .strictObject({ currentPassword: z.string().min(1).max(PASSWORD_MAX), newPassword: Password })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

// ---- answers (each under `data`) ----

/** `get-user` and `register`: where the email-first sign-in goes next. */
export const GetUserResult = z
  .object({
    /** `password` when the account has one (go to the password step), else `otp`. */
    loginType: z.enum(['password', 'otp']),
    /** The challenge id when a code was sent, else null. */
    id: ChallengeId.nullable(),
    purpose: z.enum(['login', 'register']),
    /** True when a code was sent to the email (never the code itself). */
    otp: z.boolean(),
    exist: z.boolean(),
    /** The public part of an existing account. */
    user: z.object({ name: z.string() }).nullable(),
  })
  .meta({ id: 'GetUserResult' });
export type GetUserResult = z.infer<typeof GetUserResult>;

/** `forgot-password`: always a challenge id, whether or not the email has an account. */
export const ForgotPasswordResult = z
  .object({ id: ChallengeId, purpose: z.literal('reset'), otp: z.literal(true) })
  .meta({ id: 'ForgotPasswordResult' });
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResult>;

export const ResendOtpResult = z
  .object({ id: ChallengeId, otp: z.literal(true), resendAfterSeconds: z.number().int() })
  .meta({ id: 'ResendOtpResult' });
export type ResendOtpResult = z.infer<typeof ResendOtpResult>;

/**
 * `verify-otp`: the one-time profile token. With `newAccount` go to `/auth/complete-profile/{token}`
 * (then `update-profile`), otherwise to `/auth/credentials/{token}` (then `set-password`).
 */
export const VerifyOtpResult = z
  .object({ token: ProfileToken, newAccount: z.boolean(), purpose: OtpPurpose })
  .meta({ id: 'VerifyOtpResult' });
export type VerifyOtpResult = z.infer<typeof VerifyOtpResult>;

/** Login, completed profile or new password: the bearer token and the user. */
export const AuthResult = z.object({ token: z.string(), user: User }).meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof AuthResult>;

export const LogoutResult = z.object({ loggedOut: z.literal(true) }).meta({ id: 'LogoutResult' });
export type LogoutResult = z.infer<typeof LogoutResult>;
