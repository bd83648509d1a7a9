import { createRoute, z } from '@hono/zod-openapi';
import { publicSecurity } from '../../lib/auth/middleware';
import { error, json } from '../../lib/openapi';
import { DeliveryReportForm } from '../../lib/sms/delivery-report';

// Paths are under SMS_CALLBACK_PATH (/v1/sms/delivery-reports), where server/app.ts mounts this module.

const SmsReportAck = z.object({ ok: z.literal(true) }).meta({ id: 'SmsDeliveryReportAck' });

export const smsDeliveryReportRoute = createRoute({
  method: 'post',
  path: '/{secret}',
  operationId: 'smsDeliveryReport',
  tags: ['sms'],
  security: publicSecurity,
  summary: "Where Africa's Talking posts SMS delivery reports (the last segment is SMS_CALLBACK_SECRET)",
  description:
    'A report moves a message forwards only: a delivered or failed message never changes again, so a ' +
    'replayed or late report changes nothing. A report for a message id Sokoni does not know settles ' +
    'the oldest message to the same phone whose send had no answer, or else changes nothing.',
  request: {
    params: z.object({ secret: z.string().max(256) }),
    body: {
      content: { 'application/x-www-form-urlencoded': { schema: DeliveryReportForm } },
      required: true,
    },
  },
  responses: {
    200: json(
      'Taken (also for a message Sokoni does not know: the gateway need not send it again)',
      SmsReportAck,
    ),
    400: error("Not an Africa's Talking delivery report"),
    404: error('Wrong secret: answered as an unknown route'),
  },
});
