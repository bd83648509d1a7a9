type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** A structured logger: one JSON object a line on stdout (stderr for errors), personal data redacted. */
export function createLogger(level: Level | 'silent' = 'info', base: Record<string, unknown> = {}): Logger {
  const write = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[l] < ORDER[level]) return;
    const line = JSON.stringify(
      { time: new Date().toISOString(), level: l, msg, ...base, ...fields },
      redact,
    );
    (l === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

// Logs (and error reports) are read by more people, and kept longer, than the database: no request
// value that is personal data or a secret goes into one. Fields are redacted by name, and every string is scrubbed of what
// looks like a phone number, an email address, a bearer token or a query's parameters (a database
// error's message lists them: a NUL in an address once logged the shopper's phone and address).

/** Field names whose values are never logged, at any depth. */
const SECRET_FIELD =
  /^(phone|phoneNumber|msisdn|partyA|address|email|to|name|token|accessToken|refreshToken|authorization|password|passwordHash|otp|pin|signInCode|resetCode|verificationCode|secret|passkey|params)$/i;
const SCRUB: [RegExp, string][] = [
  // Drizzle's "Failed query: …\nparams: a,b,c" and pg's "DETAIL: Key (email)=(x@y) already exists."
  [/\bparams: [^\n]*/g, 'params: [redacted]'],
  [/(DETAIL: [^(]*\([^)]*\)=)\([^)]*\)/g, '$1([redacted])'],
  [/\bBearer\s+[A-Za-z0-9._~+/-]+=*/g, 'Bearer [redacted]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Kenyan mobile numbers in any form: +254 7xx…, 2547xx…, 07xx…, 01xx….
  [/(?<!\w)(?:\+?254|0)[17]\d{8}(?!\w)/g, '[phone]'],
];

export const REDACTED = '[redacted]';

/** The JSON.stringify replacer that keeps personal data out of a log line. */
function redact(this: unknown, key: string, value: unknown): unknown {
  if (key && SECRET_FIELD.test(key) && value !== undefined && value !== null) return REDACTED;
  return typeof value === 'string' ? scrub(value) : value;
}

/**
 * `value` with personal data taken out exactly as a log line takes it out (the same replacer): for
 * what leaves the process by another way, the error reports (server/lib/error-reporting.ts).
 */
export function redacted<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, redact) ?? 'null') as T;
}

/** A string with phone numbers, emails, bearer tokens and query parameters taken out. */
export function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUB) out = out.replace(pattern, replacement);
  return out;
}
