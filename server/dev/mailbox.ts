import { createRoute, z } from '@hono/zod-openapi';
import { newRouter, type Deps, type Mount } from '../lib/http';
import { publicSecurity } from '../lib/auth/middleware';
import { error, ok } from '../lib/openapi';
import { listMail, type OutboxRow } from '../lib/mail/outbox';
import { escapeHtml } from '../lib/mail/templates';
import { thisMachineOnly } from './loopback';

// Development only: app.ts never mounts this in production, and it answers only this machine.

const OutboxMessage = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    status: z.enum(['pending', 'sending', 'sent', 'failed']),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'DevOutboxMessage' });

const query = z.object({ to: z.string().max(254).optional() });

const outboxRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'listDevOutbox',
  tags: ['dev'],
  security: publicSecurity,
  summary: 'Development only: the mail the server queued, newest first, optionally to one address',
  request: { query },
  responses: {
    200: ok('Messages', z.array(OutboxMessage)),
    400: error('`to` is longer than 254 characters'),
    403: error(
      'Asked through a proxy or tunnel (a forwarding header, or a host other than localhost): the dev tools answer only this machine (`dev_tools_local_only`)',
    ),
  },
});

const LIMIT = 50;

const toMessage = (m: OutboxRow) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
});

/** The dev mailbox: JSON for tests and scripts at /dev/outbox, and a page for people at /dev/mailbox. */
export function devMailboxModule({ database }: Pick<Deps, 'database'>): Mount[] {
  const outbox = newRouter();
  outbox.use('*', thisMachineOnly);
  outbox.openapi(outboxRoute, async (c) => {
    const { to } = c.req.valid('query');
    const rows = await listMail(database.db, { to: to?.trim() || undefined, limit: LIMIT });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: rows.map(toMessage) }, 200);
  });
  const page = newRouter();
  page.use('*', thisMachineOnly);
  page.get('/', async (c) => {
    const to = c.req.query('to')?.trim().slice(0, 254) || undefined;
    const rows = await listMail(database.db, { to, limit: LIMIT });
    c.header('Cache-Control', 'no-store');
    // The messages' own HTML is shown only in sandboxed frames without scripts.
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; form-action 'self'",
    );
    return c.html(mailboxPage(rows, to));
  });
  return [
    ['/dev/outbox', outbox],
    ['/dev/mailbox', page],
  ];
}

function mailboxPage(rows: OutboxRow[], to: string | undefined) {
  const items = rows
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt.toISOString())} · ${escapeHtml(m.status)}</p>
<pre>${escapeHtml(m.text)}</pre>
<details><summary>HTML part</summary><iframe sandbox title="HTML part" srcdoc="${escapeHtml(m.html)}"></iframe></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sokoni dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
.meta{color:#555;font-size:.9rem} pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}
iframe{width:100%;height:360px;border:1px solid #ddd}
</style></head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the server would send, newest first (the last ${LIMIT}). Set SMTP_URL to send it for real.</p>
<form method="get"><label>To <input name="to" type="email" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
