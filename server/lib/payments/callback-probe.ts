import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../secrets';
import type { StkCallbackBody } from './callback';

// `npm run mpesa:check` proves that the public callback URL reaches a server holding the same
// MPESA_CALLBACK_SECRET: it posts a Daraja-shaped body to that URL with a random nonce in
// MPESA_CALLBACK_PROBE_HEADER, and the callback route (past its secret check and its body's schema)
// answers with the HMAC of the nonce keyed by the secret in MPESA_CALLBACK_PROOF_HEADER
// (contract/checkout.ts) instead of applying the body. A probe changes nothing; without the secret the route answers 404 like any unknown path, so
// nobody learns anything.

// A label in the MAC, so the proof is never a value the secret signs for any other purpose.
const LABEL = 'sokoni mpesa callback probe\n';

/** A fresh random nonce for one probe (what MpesaCallbackProbeHeaders in contract/checkout.ts accepts). */
export const newProbeNonce = () => randomBytes(32).toString('base64url');

/**
 * What a probe posts: a callback of the shape Daraja sends (so the proxy in between sees what Daraja's
 * will look like) for a request that does not exist and did not pay, in case a server applied it.
 */
export const probeBody = (nonce: string): StkCallbackBody => ({
  Body: {
    stkCallback: {
      MerchantRequestID: 'sokoni-callback-probe',
      CheckoutRequestID: `ws_CO_SOKONI_PROBE_${nonce.slice(0, 16)}`,
      ResultCode: 1,
      ResultDesc: 'Sokoni callback probe (npm run mpesa:check)',
    },
  },
});

/** The proof a server holding `secret` gives for `nonce`. */
export function probeProof(secret: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(LABEL + nonce, 'utf8')
    .digest('base64url');
}

/** Whether `proof` is the one a server holding `secret` gives for `nonce` (constant time). */
export function isProbeProof(secret: string, nonce: string, proof: string): boolean {
  return sameSecret(proof, probeProof(secret, nonce));
}
