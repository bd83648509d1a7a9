import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, scrub } from './logger';

// Issue 13 §5: a database error was logged with its parameters, the shopper's phone and address
// among them. No log line carries personal data or a secret, whatever the caller passes.

afterEach(() => vi.restoreAllMocks());

function capture(run: (log: ReturnType<typeof createLogger>) => void) {
  const lines: string[] = [];
  const sink = (chunk: string | Uint8Array) => (lines.push(String(chunk)), true);
  vi.spyOn(process.stdout, 'write').mockImplementation(sink);
  vi.spyOn(process.stderr, 'write').mockImplementation(sink);
  run(createLogger('debug'));
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the logger', () => {
  it('redacts personal fields by name, at any depth, and keeps the rest', () => {
    const [line] = capture((log) =>
      log.child({ correlationId: 'c-1' }).warn('checkout refused', {
        orderId: 'o-1',
        phone: '0712345678',
        delivery: { address: 'Mpaka Road, flat 4', areaId: 'westlands' },
        email: 'wanjiku@example.com',
        headers: { Authorization: 'Bearer abc.def.ghi' },
        otp: '123456',
        password: 'hunter22',
        status: 409,
      }),
    );
    expect(line).toMatchObject({
      level: 'warn',
      msg: 'checkout refused',
      correlationId: 'c-1',
      orderId: 'o-1',
      phone: '[redacted]',
      delivery: { address: '[redacted]', areaId: 'westlands' },
      email: '[redacted]',
      headers: { Authorization: '[redacted]' },
      otp: '[redacted]',
      password: '[redacted]',
      status: 409,
    });
  });

  it("keeps a database error's parameters out of the message and the stack", () => {
    const message =
      'Failed query: insert into "orders" ("phone", "address") values ($1, $2)\nparams: 254712345678,Mpaka Road\u0000 flat 4';
    const [line] = capture((log) =>
      log.error('unhandled error', { error: message, stack: `Error: ${message}\n    at run (x.ts:1:1)` }),
    );
    const text = JSON.stringify(line);
    expect(text).not.toMatch(/254712345678|Mpaka/);
    expect(line!.error).toBe(
      'Failed query: insert into "orders" ("phone", "address") values ($1, $2)\nparams: [redacted]',
    );
  });

  it.each([
    ['an email', 'mail to wanjiku.k@example.co.ke failed', 'mail to [email] failed'],
    ['a phone as 07…', 'prompt to 0712345678 refused', 'prompt to [phone] refused'],
    ['a phone as +254…', 'prompt to +254112345678 refused', 'prompt to [phone] refused'],
    ['a phone as 254…', 'PartyA=254712345678;', 'PartyA=[phone];'],
    ['a bearer token', 'header Bearer eyJhbGciOi.eyJzdWIi.sig rejected', 'header Bearer [redacted] rejected'],
    [
      'a unique-key detail',
      'DETAIL: Key (email)=(w@example.com) already exists.',
      'DETAIL: Key (email)=([redacted]) already exists.',
    ],
  ])('scrubs %s from any string', (_, text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it('leaves ids, receipts and request ids that merely hold digits alone', () => {
    const ids = 'ws_CO_191220191020363925 29115-34620561-1 NLJ7RT61SV 6f0c2a1e-0712-4345-8678-071234567890';
    expect(scrub(ids)).toBe(ids);
  });
});
