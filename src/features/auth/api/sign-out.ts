import { logout } from '@/features/session';
import { authApi } from './auth-api';

/**
 * Signing out (docs/behaviour.md#session): ends the session on the server (so the token stops working
 * everywhere), then clears token and user and reloads. The local part happens even when the server cannot be
 * reached.
 */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Offline or rate-limited: the token is forgotten here all the same and expires on its own.
  }
  logout();
}
