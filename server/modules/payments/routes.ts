import { createRoute, z } from '@hono/zod-openapi';
import {
  MPESA_CALLBACK_PROOF_HEADER,
  MpesaCallbackAck,
  MpesaCallbackProbeHeaders,
} from '../../../contract/checkout';
import { publicSecurity } from '../../lib/auth/middleware';
import { body, error, json } from '../../lib/openapi';
import { StkCallbackBody } from '../../lib/payments/callback';

// Paths are under MPESA_CALLBACK_PATH (/v1/payments/mpesa/callback), where server/app.ts mounts this module.

export const mpesaCallbackRoute = createRoute({
  method: 'post',
  path: '/{secret}',
  operationId: 'mpesaCallback',
  tags: ['payments'],
  security: publicSecurity,
  summary: 'Where Daraja posts the result of an STK push (the last segment is MPESA_CALLBACK_SECRET)',
  description:
    'With a `Sokoni-Callback-Probe` header (`npm run mpesa:check`) the request is a probe, not a callback: ' +
    'past the secret check and the same checks of its body, it is answered 200 with the HMAC-SHA256 of the ' +
    'nonce keyed by the secret in `Sokoni-Callback-Proof`; the body is never applied and nothing changes.',
  request: {
    params: z.object({ secret: z.string().max(256) }),
    headers: MpesaCallbackProbeHeaders,
    body: body(StkCallbackBody),
  },
  responses: {
    200: {
      ...json(
        'Accepted (also for an id Sokoni does not know: Daraja need not send it again)',
        MpesaCallbackAck,
      ),
      headers: {
        [MPESA_CALLBACK_PROOF_HEADER]: {
          description: 'Only for a probe: base64url HMAC-SHA256 of the nonce, keyed by MPESA_CALLBACK_SECRET',
          schema: { type: 'string' as const },
        },
      },
    },
    400: error('Not a Daraja STK callback, or a probe whose nonce is malformed'),
    404: error('Wrong secret: answered as an unknown route'),
  },
});
