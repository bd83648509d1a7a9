import { MPESA_SANDBOX_PASSKEY, MPESA_SANDBOX_SHORTCODE, type Env } from '../../env';

/** Daraja's public sandbox, used outside production when real sandbox credentials are set. */
export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';

/** Credentials the built-in simulator accepts when none are configured (development and tests only). */
const SIMULATOR_CONSUMER_KEY = 'sokoni-dev-consumer-key';
const SIMULATOR_CONSUMER_SECRET = 'sokoni-dev-consumer-secret';

/** Where, under /api, the simulator is mounted and the Daraja callback will be routed. */
export const DARAJA_SIMULATOR_PATH = '/dev/daraja';
export const MPESA_CALLBACK_PATH = '/v1/payments/mpesa/callback';

/** How shoppers pay: into a paybill, or into a Buy Goods till of a store. */
type MpesaAccountType = 'paybill' | 'till';

/** Who an STK push pays, as Daraja wants it said. */
export interface MpesaAccount {
  accountType: MpesaAccountType;
  /** The BusinessShortCode, whose passkey makes the password: the paybill, or the till's store number. */
  shortcode: string;
  /** The till paid into (PartyB); only for a till. */
  tillNumber?: string;
}

/** Daraja's TransactionType for each account type. */
const TRANSACTION_TYPES = {
  paybill: 'CustomerPayBillOnline',
  till: 'CustomerBuyGoodsOnline',
} as const satisfies Record<MpesaAccountType, string>;

/**
 * The TransactionType and parties of an STK push: a paybill is both BusinessShortCode and PartyB;
 * a till is paid as PartyB while its store number is the BusinessShortCode.
 */
export function stkParties(account: MpesaAccount) {
  if (account.accountType === 'till' && !account.tillNumber) {
    throw new Error('An M-Pesa till account needs its till number (MPESA_TILL_NUMBER).');
  }
  return {
    TransactionType: TRANSACTION_TYPES[account.accountType],
    BusinessShortCode: account.shortcode,
    PartyB: account.accountType === 'till' ? account.tillNumber! : account.shortcode,
  };
}

/** Everything the Daraja client needs, with the development defaults filled in. */
export interface DarajaSettings extends MpesaAccount {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
  /** The full CallBackURL sent with every STK push, secret token included. */
  callbackUrl: string;
  timeoutMs: number;
  /** True when the built-in simulator is the Daraja we talk to. */
  simulator: boolean;
}

/** Resolves the MPESA_* variables (already checked by parseEnv) into the client's settings. */
export function darajaSettings(env: Env): DarajaSettings {
  const hasCredentials = Boolean(env.MPESA_CONSUMER_KEY && env.MPESA_CONSUMER_SECRET);
  const ownOrigin = serverOrigin(env);
  const baseUrl = trimSlash(
    env.MPESA_BASE_URL ?? (hasCredentials ? DARAJA_SANDBOX_URL : `${ownOrigin}/api${DARAJA_SIMULATOR_PATH}`),
  );
  const callbackBase = trimSlash(env.MPESA_CALLBACK_BASE_URL ?? env.PUBLIC_URL ?? ownOrigin);
  return {
    baseUrl,
    consumerKey: env.MPESA_CONSUMER_KEY ?? SIMULATOR_CONSUMER_KEY,
    consumerSecret: env.MPESA_CONSUMER_SECRET ?? SIMULATOR_CONSUMER_SECRET,
    accountType: env.MPESA_ACCOUNT_TYPE,
    shortcode: env.MPESA_SHORTCODE ?? MPESA_SANDBOX_SHORTCODE,
    ...(env.MPESA_ACCOUNT_TYPE === 'till' ? { tillNumber: env.MPESA_TILL_NUMBER } : {}),
    passkey: env.MPESA_PASSKEY ?? MPESA_SANDBOX_PASSKEY,
    callbackUrl: `${callbackBase}/api${MPESA_CALLBACK_PATH}/${env.MPESA_CALLBACK_SECRET}`,
    timeoutMs: env.MPESA_TIMEOUT_MS,
    simulator: new URL(baseUrl).pathname.endsWith(`/api${DARAJA_SIMULATOR_PATH}`),
  };
}

// The server reaches itself over loopback: a wildcard listen address is not somewhere to connect to.
export function serverOrigin(env: Env) {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
