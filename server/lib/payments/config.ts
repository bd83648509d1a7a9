import { MPESA_SANDBOX_PASSKEY, MPESA_SANDBOX_SHORTCODE, type Env } from '../../env';

/** Daraja's public sandbox, used outside production when real sandbox credentials are set. */
export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';

/** Credentials the built-in simulator accepts when none are configured (development and tests only). */
export const SIMULATOR_CONSUMER_KEY = 'sokoni-dev-consumer-key';
export const SIMULATOR_CONSUMER_SECRET = 'sokoni-dev-consumer-secret';

/** Where, under /api, the simulator is mounted and the Daraja callback will be routed. */
export const DARAJA_SIMULATOR_PATH = '/dev/daraja';
export const MPESA_CALLBACK_PATH = '/v1/payments/mpesa/callback';

/** Everything the Daraja client needs, with the development defaults filled in. */
export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
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
    shortcode: env.MPESA_SHORTCODE ?? MPESA_SANDBOX_SHORTCODE,
    passkey: env.MPESA_PASSKEY ?? MPESA_SANDBOX_PASSKEY,
    callbackUrl: `${callbackBase}/api${MPESA_CALLBACK_PATH}/${env.MPESA_CALLBACK_SECRET}`,
    timeoutMs: env.MPESA_TIMEOUT_MS,
    simulator: new URL(baseUrl).pathname.endsWith(`/api${DARAJA_SIMULATOR_PATH}`),
  };
}

// The server reaches itself over loopback: a wildcard listen address is not somewhere to connect to.
function serverOrigin(env: Env) {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
