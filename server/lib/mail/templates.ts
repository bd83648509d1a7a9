import { invitationMail } from '../../../contract/admin-staff';
import { escapeHtml } from '../../../contract/html';
import { LOCALES, type Language } from '../../../contract/languages';
import { translator } from '../i18n';
import type { MailMessage } from './outbox';

export { escapeHtml };

/** The one-time-code email in `language`: a text part and an HTML part, both with the 6-digit code. */
export function codeEmail({
  to,
  code,
  purpose,
  link,
  minutes,
  language,
}: {
  to: string;
  code: string;
  purpose: 'register' | 'login' | 'reset';
  link: string;
  minutes: number;
  language: Language;
}): MailMessage {
  const t = translator(language, 'mail');
  const intro = t(`code.${purpose}`);
  const outro = t('code.outro', { minutes });
  const text = `${intro}\n\n    ${code}\n\n${t('code.enterAt', { link })}\n\n${outro}\n\nSokoni`;
  const html = `<!doctype html>
<html lang="${LOCALES[language]}"><body style="font-family:Arial,sans-serif;color:#222;max-width:480px;margin:auto">
<h1 style="font-size:20px;color:#ED1E79">Sokoni</h1>
<p>${escapeHtml(intro)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('code.enter'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject: t('code.subject'), text, html };
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
