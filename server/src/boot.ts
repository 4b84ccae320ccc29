import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { loadOrCreateSecrets, type AppConfig } from './config/config';
import { createDataSource, runMigrations } from './db/data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { seedDemo, DEMO_CUSTOMER, DEMO_PAYEE } from './seed/seed';
import type { StaffRole } from '@strongroom/shared';
import { AdminService } from './modules/admin';
import { pinPepperFrom } from './common/crypto';

export const DEMO_STAFF = { admin: 'admin@strongroom.local', auditor: 'auditor@strongroom.local' };

/** Starts embedded PostgreSQL when there is no DATABASE_URL; returns the URL to use. */
export async function resolveDatabase(
  config: AppConfig,
  log: (msg: string) => void,
  pgLog?: (line: string) => void,
  opts: { callerHandlesSignals?: boolean } = {},
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  log(`No DATABASE_URL: starting embedded PostgreSQL under ${config.dataDir}/pg`);
  const pgPort = process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined;
  if (pgPort !== undefined && (!Number.isInteger(pgPort) || pgPort < 1 || pgPort > 65535)) throw new Error('PG_PORT must be a port number');
  const embedded = await startEmbeddedPostgres(config.dataDir, { port: pgPort, log: pgLog, notice: log, callerHandlesSignals: opts.callerHandlesSignals });
  return { url: embedded.url, embedded };
}

export async function migrate(url: string, poolSize?: number): Promise<DataSource> {
  const ds = createDataSource(url, { poolSize });
  await ds.initialize();
  await runMigrations(ds);
  return ds;
}

/** Demo data (embedded default or SEED_DEMO=1), demo staff, and the operator's ADMIN_EMAIL admin. Returns lines to print. */
export async function prepareData(app: FastifyInstance): Promise<string[]> {
  const config = app.config;
  const lines: string[] = [];
  const admin = new AdminService(app);
  if (config.seedDemo) {
    await seedDemo(app.db, pinPepperFrom(config.encryptionKey), { zone: config.bankTimeZone, now: app.clock.now() });
    const secrets = loadOrCreateSecrets(config.dataDir);
    const demoStaff: { label: string; email: string; password: string; totpSecret: string; role: StaffRole; name: string }[] = [
      { label: 'Staff admin (/admin):  ', email: DEMO_STAFF.admin, password: secrets.demoAdminPassword, totpSecret: secrets.demoAdminTotpSecret, role: 'admin', name: 'Avery Admin' },
      { label: 'Staff auditor (/admin):', email: DEMO_STAFF.auditor, password: secrets.demoAuditorPassword, totpSecret: secrets.demoAuditorTotpSecret, role: 'auditor', name: 'Riley Auditor' },
    ];
    const staffLines: string[] = [];
    for (const { label, email, password, totpSecret, role, name } of demoStaff) {
      // An operator who names a demo address as ADMIN_EMAIL takes it over: the demo password and secret would not sign
      // in there, so they are neither set nor printed.
      if (config.adminEmail === email && config.adminPassword) {
        staffLines.push(`  ${label} ${email}  (ADMIN_EMAIL: the operator admin below)`);
        continue;
      }
      await admin.ensureStaff(email, password, role, name, { totpSecret });
      staffLines.push(`  ${label} ${email}  password ${password}  TOTP secret ${totpSecret}`);
    }
    lines.push(
      'Demo logins',
      `  Customer (web app):  account ${DEMO_CUSTOMER.accountNumber}  password ${DEMO_CUSTOMER.password}  PIN ${DEMO_CUSTOMER.pin}`,
      `  Second customer:     account ${DEMO_PAYEE.accountNumber}  password ${DEMO_PAYEE.password}  PIN ${DEMO_PAYEE.pin}`,
      ...staffLines,
      '  (add a TOTP secret to an authenticator app by hand, or scan the QR code the console shows at first sign-in)',
    );
  }
  if (config.adminEmail && config.adminPassword) {
    await admin.ensureStaff(config.adminEmail, config.adminPassword, 'admin', 'Administrator', { totpSecret: config.adminTotpSecret });
    lines.push(
      `  Operator admin: ${config.adminEmail} (password from ADMIN_PASSWORD; ${config.adminTotpSecret ? 'second factor from ADMIN_TOTP_SECRET' : 'enrols an authenticator at first sign-in'})`,
    );
  }
  return lines;
}
