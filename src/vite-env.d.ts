/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; defaults to `/api` on the same origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Sentry DSN; error reporting is off when it is not set. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
