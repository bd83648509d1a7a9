// A module of its own so the bundler can put session replay in a separate, lazily loaded chunk.
export { replayIntegration } from '@sentry/react';
