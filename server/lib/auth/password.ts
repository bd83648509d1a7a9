import argon2 from 'argon2';

/** argon2id, 19 MiB, 2 iterations, parallelism 1 (docs/design.md#sign-in-and-sign-up). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth';

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** Checks a password against its hash; a malformed hash is a mismatch, never a throw. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time a real check would, so an unknown account and a wrong password look alike. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('sokoni-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
