import type { AuthProvider } from 'react-admin';
import { httpClient, errorMessage } from './http';

interface Staff {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'auditor';
}

let cached: Staff | null = null;

async function check(): Promise<Staff> {
  const { json } = await httpClient('/v1/admin/auth/check');
  cached = json.staff as Staff;
  return cached;
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    try {
      const { json } = await httpClient('/v1/admin/auth/login', { method: 'POST', body: JSON.stringify({ email: username, password }) });
      cached = json.staff as Staff;
    } catch (err) {
      throw new Error(errorMessage(err));
    }
  },
  async logout() {
    cached = null;
    await httpClient('/v1/admin/auth/logout', { method: 'POST', body: '{}' }).catch(() => undefined);
  },
  async checkAuth() {
    await check();
  },
  async checkError(error) {
    if (error?.status === 401) {
      cached = null;
      throw new Error('Session expired');
    }
  },
  async getIdentity() {
    const staff = cached ?? (await check());
    return { id: staff.id, fullName: `${staff.name} (${staff.role})` };
  },
  async getPermissions() {
    const staff = cached ?? (await check().catch(() => null));
    return staff?.role ?? null;
  },
};
