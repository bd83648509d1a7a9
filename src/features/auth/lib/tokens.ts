/** The one-time profile token's shape (contract/auth.ts ProfileToken): 43 URL-safe characters. */
export const isProfileToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A challenge id is a UUID (contract/auth.ts ChallengeId). */
export const isChallengeId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
