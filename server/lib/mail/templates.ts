import { invitationMail } from '../../../contract/admin-staff';
import { escapeHtml } from '../../../contract/html';
import type { MailMessage } from './outbox';

export { escapeHtml };

const INTRO = {
  register: 'Welcome to Sokoni! Use this code to confirm your email and create your account:',
  login: 'Use this code to sign in to Sokoni:',
  reset: 'Use this code to set a new password for your Sokoni account:',
} as const;

/** The one-time-code email: a text part and an HTML part, both with the 6-digit code. */
export function codeEmail({
  to,
  code,
  purpose,
  link,
  minutes,
}: {
  to: string;
  code: string;
  purpose: keyof typeof INTRO;
  link: string;
  minutes: number;
}): MailMessage {
  const intro = INTRO[purpose];
  const outro = `The code expires in ${minutes} minutes and works once. If you did not ask for it, ignore this email; nobody can sign in without the code.`;
  const text = `${intro}\n\n    ${code}\n\nEnter it at ${link}\n\n${outro}\n\nSokoni`;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,sans-serif;color:#222;max-width:480px;margin:auto">
<h1 style="font-size:20px;color:#ED1E79">Sokoni</h1>
<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p><a href="${escapeHtml(link)}">Enter the code</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject: 'Your Sokoni verification code', text, html };
}

/** A staff invitation: who invited, as what, and the one-time link to join. */
export function invitationEmail({
  to,
  ...what
}: { to: string } & Parameters<typeof invitationMail>[0]): MailMessage {
  const { subject, intro, action, outro, text } = invitationMail(what);
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,sans-serif;color:#222;max-width:480px;margin:auto">
<h1 style="font-size:20px;color:#ED1E79">Sokoni</h1>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(what.link)}">Join the team</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html };
}
