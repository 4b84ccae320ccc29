import type { AuthProvider } from 'react-admin';
import type { StaffRole } from '@strongroom/shared';
import { httpClient, errorMessage, hasCsrfToken } from './http';

export interface Staff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export const ROLE_LABEL: Record<StaffRole, string> = { admin: 'Admin', auditor: 'Auditor (read-only)' };

// The server session is the truth; this copy only saves a round trip for identity and permissions.
let cached: Staff | null = null;

let inFlight: Promise<Staff> | null = null;

/** GET auth/check, shared by the calls react-admin makes at the same moment (auth, identity, permissions). */
function check(): Promise<Staff> {
  inFlight ??= httpClient('/v1/admin/auth/check')
    .then(({ json }) => (cached = json.staff as Staff))
    .finally(() => (inFlight = null));
  return inFlight;
}

export const authProvider: AuthProvider = {
  async login({ email, username, password }: { email?: string; username?: string; password: string }) {
    try {
      const { json } = await httpClient('/v1/admin/auth/login', { method: 'POST', body: JSON.stringify({ email: email ?? username, password }) });
      cached = json.staff as Staff;
    } catch (err) {
      throw new Error(errorMessage(err));
    }
  },
  async logout() {
    const wasSignedIn = cached !== null || hasCsrfToken();
    cached = null;
    // Revokes the session server-side; a dead session only needs its cookies cleared, which the server does too.
    if (wasSignedIn) await httpClient('/v1/admin/auth/logout', { method: 'POST', body: '{}' }).catch(() => undefined);
  },
  async checkAuth() {
    const hadSession = cached !== null;
    try {
      await check();
    } catch {
      cached = null;
      // A first visit goes to the sign-in page quietly; a session that died while in use says so.
      throw { message: hadSession ? 'Your session has ended. Please sign in again.' : false };
    }
  },
  async checkError(error) {
    if (error?.status === 401) {
      cached = null;
      throw new Error('Your session has ended. Please sign in again.');
    }
    // 403 is a refused action for this role, not a dead session: stay signed in.
  },
  async getIdentity() {
    const staff = cached ?? (await check());
    return { id: staff.id, fullName: `${staff.name} · ${ROLE_LABEL[staff.role] ?? staff.role}` };
  },
  async getPermissions() {
    const staff = cached ?? (await check().catch(() => null));
    return staff?.role ?? null;
  },
};
