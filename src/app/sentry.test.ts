import { describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers, reportError, sentrySettings } from './sentry';

describe('error reporting', () => {
  it('uses the release and sample rates of the behaviour reference', () => {
    expect(sentrySettings).toEqual({
      release: 'v0.0.7',
      environment: 'production',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it('logs each error once, however many places saw it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('render failed');
    reportError(error, { source: 'react.caught' });
    reportError(error, { source: 'window.error' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('[sokoni] unexpected error', error, { source: 'react.caught' });
  });

  it('catches unhandled promise rejections', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uninstall = installGlobalErrorHandlers();
    const reason = new Error('nobody awaited me');
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(event, { reason });
    window.dispatchEvent(event);
    uninstall();
    expect(log).toHaveBeenCalledWith('[sokoni] unexpected error', reason, { source: 'unhandledrejection' });
  });
});
