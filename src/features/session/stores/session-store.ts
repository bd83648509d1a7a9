import { PRODUCT_NAME } from '@contract/constants';
import { isStaffRole, type StaffRole } from '@contract/staff-roles';
import { page } from '@/lib/page';
import { decodeJwt } from 'jose';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';

type UserType = 'admin' | 'customer';

/** The signed-in person, decoded from the middle part of the login token (docs/design.md#authentication). */
export interface SessionUser {
  userId: string;
  type: UserType;
  /**
   * A staff member's role as the token names it, for what the back office shows; the server checks
   * the role it has now on every request. Null for a shopper.
   */
  role?: StaffRole | null;
  email: string;
  name: string;
}

interface SessionData {
  token: string | null;
  user: SessionUser | null;
}

interface SessionState extends SessionData {
  login(token: string): SessionUser;
  logout(): void;
}

/**
 * Token and user live in local storage under names built from the product name (docs/behaviour.md#entities).
 */
const prefix = PRODUCT_NAME.toLowerCase();
export const TOKEN_KEY = `${prefix}.token`;
export const USER_KEY = `${prefix}.user`;
/**
 * What the person typed that must not outlive their sign-out on a shared phone: the promo code the cart
 * keeps (its store, in the cart feature, reads this key).
 */
export const PROMO_CODE_KEY = `${prefix}.promo-code`;

/** Reads the user out of a token; throws when the payload is not a shop user. */
export function userFromToken(token: string): SessionUser {
  const payload = decodeJwt(token);
  const { userId, type, role, email, name } = payload as Record<string, unknown>;
  if (typeof userId !== 'string' && typeof userId !== 'number')
    throw new TypeError('The token has no userId');
  if (type !== 'admin' && type !== 'customer') throw new TypeError('The token has no user type');
  return {
    userId: String(userId),
    type,
    // A staff token from before roles belonged to an owner (every admin then became one); a role this
    // app does not know shows nothing.
    role: type !== 'admin' ? null : role === undefined ? 'owner' : isStaffRole(role) ? role : null,
    email: typeof email === 'string' ? email : '',
    name: typeof name === 'string' ? name : '',
  };
}

function isExpired(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.userId === 'string' &&
    (u.type === 'admin' || u.type === 'customer') &&
    typeof u.email === 'string'
  );
}

/**
 * Persists the two fields as two plain keys (`sokoni.token`, `sokoni.user`) rather than zustand's
 * single JSON blob, as docs/behaviour.md#entities describes; anything unreadable is treated as signed out.
 */
const twoKeyStorage: PersistStorage<SessionData> = {
  getItem() {
    try {
      const token = localStorage.getItem(TOKEN_KEY);
      const rawUser = localStorage.getItem(USER_KEY);
      const user: unknown = rawUser ? JSON.parse(rawUser) : null;
      // An expired token would only earn a 401 (and a reload); start signed out instead.
      if (!token || !isSessionUser(user) || isExpired(token)) {
        localStorage.removeItem(TOKEN_KEY);
        localStorage.removeItem(USER_KEY);
        return null;
      }
      // The role is the token's, whatever the stored copy says (one saved before roles has none).
      const withRole = { ...user, role: userFromToken(token).role };
      return { state: { token, user: withRole }, version: 0 } satisfies StorageValue<SessionData>;
    } catch {
      return null;
    }
  },
  setItem(_name, value) {
    const { token, user } = value.state;
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  },
  removeItem() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};

const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      login(token) {
        const user = userFromToken(token);
        set({ token, user });
        return user;
      },
      logout() {
        set({ token: null, user: null });
        localStorage.removeItem(PROMO_CODE_KEY);
        // Logout reloads (docs/behaviour.md#session), so no signed-in data survives in memory (query cache,
        // stores).
        page.reload();
      },
    }),
    {
      name: prefix,
      storage: twoKeyStorage,
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

export interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
  /** Both a token and a decoded user are present (docs/behaviour.md#session). */
  isAuthenticated: boolean;
}

const snapshot = ({ token, user }: SessionData): SessionSnapshot => ({
  token,
  user,
  isAuthenticated: Boolean(token && user),
});

/** The session as it is right now, for code outside React (router guards, the HTTP client). */
export const getSession = (): SessionSnapshot => snapshot(useSessionStore.getState());

export const useUser = () => useSessionStore((s) => s.user);
/** "Signed in" is true when a user object exists (docs/behaviour.md#session). */
export const useIsSignedIn = () => useSessionStore((s) => s.user !== null);
export const useIsAuthenticated = () => useSessionStore((s) => Boolean(s.token && s.user));
export const useIsAdmin = () => useSessionStore((s) => Boolean(s.token && s.user?.type === 'admin'));

/** Stores the token and the user decoded from it; answers that user. */
export const login = (token: string): SessionUser => useSessionStore.getState().login(token);
/**
 * Takes over a saved profile's name and email for the signed-in person (the header shows them at
 * once, and they are stored for the next visit); the token keeps its claims until the next sign-in.
 */
export const updateSessionUser = (saved: Pick<SessionUser, 'userId' | 'name' | 'email'>): void => {
  const { user } = useSessionStore.getState();
  if (!user || user.userId !== saved.userId) return;
  if (user.name === saved.name && user.email === saved.email) return;
  useSessionStore.setState({ user: { ...user, name: saved.name, email: saved.email } });
};
/** Clears token and user and reloads the page. */
export const logout = (): void => useSessionStore.getState().logout();

/** Takes over what local storage holds now (another tab signed in or out); signed out if unreadable. */
export const syncSessionFromStorage = () => {
  const stored = twoKeyStorage.getItem(prefix) as StorageValue<SessionData> | null;
  useSessionStore.setState(stored ? stored.state : { token: null, user: null });
};
