export { adminOnly, customerOnly, guestOnly, safeRedirect, signedInOnly, staffMay } from './guards';
export {
  getSession,
  login,
  logout,
  syncSessionFromStorage,
  updateSessionUser,
  TOKEN_KEY,
  useIsAdmin,
  useIsAuthenticated,
  useIsSignedIn,
  USER_KEY,
  useUser,
  type SessionSnapshot,
  type SessionUser,
} from './stores/session-store';
