/** True for the rejection of a request that was cancelled (a newer one of its kind replaced it). */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
