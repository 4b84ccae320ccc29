import type { AuthProvider } from 'react-admin';
import type { StaffRole } from '@strongroom/shared';
import { api, undeclared } from './api';
import { errorMessage, hasCsrfToken } from './http';

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
  inFlight ??= api
    .GET('/v1/admin/auth/check')
    .then((answer) => (cached = answer.staff))
    .finally(() => (inFlight = null));
  return inFlight;
}

/** What the server says when the password was right but the second factor is missing or wrong. */
export interface SecondFactorNeeded {
  mfaRequired: true;
  enrolmentRequired?: boolean;
  enrolment?: { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
}

/** A sign-in refusal; `secondFactor` is set when the password was right and a code is needed. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly secondFactor?: SecondFactorNeeded,
  ) {
    super(message);
  }
}

/** The member just enrolled: the session exists, and the recovery codes must be shown (once) before going on. */
export class RecoveryCodesIssued extends Error {
  constructor(readonly codes: string[]) {
    super('Save your recovery codes');
  }
}

export const authProvider: AuthProvider = {
  async login({ email, username, password, otp, resume }: { email?: string; username?: string; password?: string; otp?: string; resume?: boolean }) {
    // After the recovery codes were shown, the session made at enrolment is simply picked up.
    if (resume) {
      await check();
      return;
    }
    let json: { staff: Staff; recoveryCodes?: string[] };
    try {
      json = undeclared<typeof json>(await api.POST('/v1/admin/auth/login', { body: { email: email ?? username ?? '', password: password ?? '', ...(otp ? { otp } : {}) } }));
    } catch (err) {
      const body = (err as { body?: SecondFactorNeeded })?.body;
      throw new SignInError(errorMessage(err), body?.mfaRequired ? body : undefined);
    }
    cached = json.staff;
    if (json.recoveryCodes) throw new RecoveryCodesIssued(json.recoveryCodes);
  },
  async logout() {
    const wasSignedIn = cached !== null || hasCsrfToken();
    cached = null;
    // Revokes the session server-side; a dead session only needs its cookies cleared, which the server does too.
    if (wasSignedIn) await api.POST('/v1/admin/auth/logout').catch(() => undefined);
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
