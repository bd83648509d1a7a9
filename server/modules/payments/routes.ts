import { createRoute, z } from '@hono/zod-openapi';
import { MpesaCallbackAck } from '../../../contract/checkout';
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
  request: { params: z.object({ secret: z.string().max(256) }), body: body(StkCallbackBody) },
  responses: {
    200: json(
      'Accepted (also for an id Sokoni does not know: Daraja need not send it again)',
      MpesaCallbackAck,
    ),
    400: error('Not a Daraja STK callback'),
    404: error('Wrong secret: answered as an unknown route'),
  },
});
