import type { ErrorEvent, NodeOptions } from '@sentry/node';
import { RELEASE } from '../../contract/constants';
import { redacted } from './logger';

// Server errors go to Sentry when SENTRY_DSN is set: only errors (no tracing, no OpenTelemetry
// instrumentation, no default integrations), each with the release and, for a request, its
// correlation id, and scrubbed by the same rules as the log. @sentry/node is imported only then:
// loading it costs about a second and some 45 MB (measured here), which a shop without a DSN never pays.

/** Where an error came from, attached to its report. */
interface ErrorContext {
  /** The request's correlation id (X-Correlation-Id, in the log line and the error answer). */
  correlationId?: string;
  /** The background job whose pass failed. */
  job?: string;
  /** What was being done: `request`, `job pass`, `unhandled rejection`. */
  where: string;
  method?: string;
  path?: string;
}

/** Sends unexpected errors somewhere a person will look. */
export interface ErrorReporter {
  report(err: unknown, context: ErrorContext): void;
  /** Waits up to `ms` for the reports in flight (before the process exits). */
  flush(ms: number): Promise<boolean>;
}

export interface ErrorReportingOptions {
  dsn: string;
  environment: string;
  /** Where events go instead of Sentry's servers (tests). */
  transport?: NodeOptions['transport'];
}

/**
 * The parts of an event that can carry what a request or an error said (messages, request data,
 * breadcrumbs, extra fields, tags, user), with personal data taken out as the log takes it out;
 * the SDK's own fields (its name, the OS, the runtime) are left as they are.
 */
function scrubEvent(event: ErrorEvent): ErrorEvent {
  const { message, exception, request, breadcrumbs, extra, tags, user, contexts } = event;
  return {
    ...event,
    ...redacted({ message, exception, request, breadcrumbs, extra, tags, user }),
    ...(contexts ? { contexts: { ...contexts, ...redacted({ sokoni: contexts.sokoni }) } } : {}),
  };
}

/** Starts reporting errors to Sentry, loading its SDK now; its own client and scope, no global state. */
export async function startErrorReporting(options: ErrorReportingOptions): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    release: RELEASE,
    environment: options.environment,
    // Errors only: no default integrations (they would instrument http, pg and more), a cause
    // chain kept (linked errors), no tracing.
    integrations: [Sentry.linkedErrorsIntegration()],
    stackParser: Sentry.defaultStackParser,
    transport: options.transport ?? Sentry.makeNodeTransport,
    beforeSend: scrubEvent,
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return {
    report(err, { correlationId, job, ...context }) {
      const event = scope.clone();
      if (correlationId) event.setTag('correlation_id', correlationId);
      if (job) event.setTag('job', job);
      event.setContext('sokoni', context);
      event.captureException(err);
    },
    flush: (ms) => Promise.resolve(client.flush(ms)),
  };
}
