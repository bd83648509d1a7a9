import nodemailer from 'nodemailer';
import type { Env } from '../../env';
import { publicUrl } from '../http';
import type { Logger } from '../logger';
import type { MailMessage } from './outbox';

/** Where the worker hands messages: SMTP, or (outside production) nowhere, leaving them in the dev mailbox. */
export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, which production refuses. */
export function createMailTransport(env: Env, logger: Logger): MailTransport {
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: 'smtp',
      send: async (m) => {
        await smtp.sendMail({
          from: env.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
      close: () => smtp.close(),
    };
  }
  if (env.NODE_ENV === 'production') throw new Error('SMTP_URL is required in production');
  const mailbox = `${publicUrl(env)}/api/dev/mailbox`;
  return {
    kind: 'dev-mailbox',
    send: async (m) => logger.info('mail kept in the dev mailbox', { subject: m.subject, mailbox }),
    close: () => undefined,
  };
}
