import type { Env } from '../../env';
import { serverOrigin, trimSlash } from '../payments/config';

/** Africa's Talking's two addresses: the sandbox (username `sandbox`) and the live API. */
export const AT_SANDBOX_URL = 'https://api.sandbox.africastalking.com';
export const AT_LIVE_URL = 'https://api.africastalking.com';

/** Where, under /api, the simulator is mounted and the delivery reports are routed. */
export const SMS_SIMULATOR_PATH = '/dev/africastalking';
export const SMS_CALLBACK_PATH = '/v1/sms/delivery-reports';

/** The credentials the built-in simulator accepts when none are configured (development and tests). */
const SIMULATOR_USERNAME = 'sokoni-dev';
const SIMULATOR_API_KEY = 'sokoni-dev-at-api-key';

/** Everything the Africa's Talking client needs, with the development defaults filled in. */
export interface SmsSettings {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
  timeoutMs: number;
  /**
   * Where the gateway posts delivery reports, secret included. Africa's Talking takes it from the
   * app's settings (the go-live steps in README.md); the simulator is told it here.
   */
  callbackUrl: string;
  /** True when the built-in simulator is the gateway we talk to. */
  simulator: boolean;
}

/** Resolves the AT_* and SMS_* variables (already checked by parseEnv) into the client's settings. */
export function smsSettings(env: Env): SmsSettings {
  const ownOrigin = serverOrigin(env);
  const configured = env.AT_USERNAME && env.AT_API_KEY;
  const baseUrl = trimSlash(
    env.AT_BASE_URL ??
      (!configured
        ? `${ownOrigin}/api${SMS_SIMULATOR_PATH}`
        : env.AT_USERNAME === 'sandbox'
          ? AT_SANDBOX_URL
          : AT_LIVE_URL),
  );
  const callbackBase = trimSlash(env.PUBLIC_URL ?? ownOrigin);
  return {
    baseUrl,
    username: env.AT_USERNAME ?? SIMULATOR_USERNAME,
    apiKey: env.AT_API_KEY ?? SIMULATOR_API_KEY,
    ...(env.AT_SENDER_ID ? { senderId: env.AT_SENDER_ID } : {}),
    timeoutMs: env.SMS_TIMEOUT_MS,
    callbackUrl: `${callbackBase}/api${SMS_CALLBACK_PATH}/${env.SMS_CALLBACK_SECRET}`,
    simulator: new URL(baseUrl).pathname.endsWith(`/api${SMS_SIMULATOR_PATH}`),
  };
}
