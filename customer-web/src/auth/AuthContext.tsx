import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, type UserDto } from '@strongroom/shared';
import { api, UNAUTHORIZED_EVENT } from '../api/client';

// Only non-secret display data is kept in browser storage (docs/decisions/0007):
// the user for a fast first paint and the remembered account number. Never a password or token.
interface StoredAuth {
  user: UserDto | null;
  savedUser: { accountNumber: string } | null;
}

function readStored(): StoredAuth {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.auth);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<StoredAuth>;
      return { user: parsed.user ?? null, savedUser: parsed.savedUser ?? null };
    }
  } catch {
    /* corrupt storage: start clean */
  }
  return { user: null, savedUser: null };
}

function writeStored(next: StoredAuth) {
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(next));
}

export interface AuthContextValue {
  user: UserDto | null;
  /** True while the start-up session check runs. */
  checking: boolean;
  loggingIn: boolean;
  loggingOut: boolean;
  /** The account number remembered by 'Remember me' (docs/decisions/0007-sessions.md: the account number only), if any. */
  savedAccountNumber: string | null;
  login(accountNumber: string, password: string, remember: boolean): Promise<UserDto>;
  logout(): Promise<void>;
  /** Re-reads the session user from the server (after profile changes, transfers...). */
  refresh(): Promise<UserDto | null>;
  setUser(user: UserDto): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredAuth>(() => ({ ...readStored(), user: null }));
  const [checking, setChecking] = useState(true);
  const [loggingIn, setLoggingIn] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const update = useCallback((patch: Partial<StoredAuth>) => {
    setStored((prev) => {
      const next = { ...prev, ...patch };
      writeStored(next);
      return next;
    });
  }, []);

  const refresh = useCallback(async () => {
    try {
      const user = (await api.GET('/v1/auth/check')).user;
      update({ user });
      return user;
    } catch {
      update({ user: null });
      return null;
    }
  }, [update]);

  useEffect(() => {
    refresh().finally(() => setChecking(false));
  }, [refresh]);

  useEffect(() => {
    const onUnauthorized = () => update({ user: null });
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [update]);

  const login = useCallback(
    async (accountNumber: string, password: string, remember: boolean) => {
      setLoggingIn(true);
      try {
        const user = (await api.POST('/v1/auth/login', { body: { accountNumber, password } })).user;
        update({ user, savedUser: remember ? { accountNumber } : null });
        return user;
      } finally {
        setLoggingIn(false);
      }
    },
    [update],
  );

  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await api.POST('/v1/auth/logout');
    } catch {
      /* the session may already be gone; the local state is cleared either way */
    } finally {
      update({ user: null });
      setLoggingOut(false);
    }
  }, [update]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: stored.user,
      checking,
      loggingIn,
      loggingOut,
      savedAccountNumber: stored.savedUser?.accountNumber ?? null,
      login,
      logout,
      refresh,
      setUser: (user) => update({ user }),
    }),
    [stored, checking, loggingIn, loggingOut, login, logout, refresh, update],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
