export { adminOnly, customerOnly, guestOnly, homeFor, safeRedirect, signedInOnly } from './guards';
export {
  getSession,
  login,
  logout,
  PROMO_CODE_KEY,
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
