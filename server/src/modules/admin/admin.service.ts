import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, type StaffRole } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { burnVerify, hashSecret, verifySecret } from '../../common/crypto';
import { rows } from '../../common/sql';
import { StaffUserEntity } from './entities/staff-user.entity';

const invalidStaffCredentials = () => new AppError(401, 'Invalid e-mail or password');

export class AdminService {
  constructor(private readonly app: FastifyInstance) {}

  async login(email: string, password: string) {
    const m = this.app.db.manager;
    const staff = await m.createQueryBuilder(StaffUserEntity, 's').addSelect('s.passwordHash').where('lower(s.email) = lower(:email) AND s.active', { email }).getOne();
    if (!staff) {
      await burnVerify(password);
      throw invalidStaffCredentials();
    }
    if (staff.lockedUntil && staff.lockedUntil.getTime() > Date.now()) {
      throw new AppError(423, `Too many failed attempts. This account is locked for ${LOGIN_LOCK_MINUTES} minutes.`);
    }
    if (!(await verifySecret(staff.passwordHash, password))) {
      const [row] = await rows<{ failed_login_count: number }>(m, `UPDATE staff_users SET failed_login_count = failed_login_count + 1 WHERE id = $1 RETURNING failed_login_count`, [staff.id]);
      if (row && row.failed_login_count >= LOGIN_MAX_FAILURES) {
        await m.query(`UPDATE staff_users SET locked_until = now() + make_interval(mins => $2), failed_login_count = 0 WHERE id = $1`, [staff.id, LOGIN_LOCK_MINUTES]);
      }
      throw invalidStaffCredentials();
    }
    await m.query(`UPDATE staff_users SET failed_login_count = 0, locked_until = NULL WHERE id = $1`, [staff.id]);
    return staff;
  }

  /** Creates the staff user, or resets its password and role: how an operator gets into a fresh deployment. */
  async ensureStaff(email: string, password: string, role: StaffRole, name: string) {
    const passwordHash = await hashSecret(password);
    await this.app.db.query(
      `INSERT INTO staff_users (email, name, role, password_hash) VALUES (lower($1), $2, $3, $4)
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, active = true, locked_until = NULL, failed_login_count = 0`,
      [email, name, role, passwordHash],
    );
  }
}
