import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../src/db/data-source';
import { once } from 'node:events';
import { freePort } from '../../src/db/embedded-postgres';
import { loadOrCreateSecrets } from '../../src/config/config';
import { serverEnv, spawnServer, waitReady } from '../../../tools/src/bench/server-process';
import { pinPepperFrom } from '../../src/common/crypto';
import { FilesService } from '../../src/modules/files/files.service';
import { DEMO_CUSTOMER, seedDemo } from '../../src/seed/seed';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { issuedCard } from '../cards/card-helpers';
import { applyForLoan, approveLoan } from '../loans/loan-helpers';
import { depositedChequeId } from '../cheques/cheque-fixtures';
import { holdCrypto } from '../crypto/crypto-fixtures';

const ROOT = join(__dirname, '..', '..', '..');

/** npm run backup / restore as an operator runs them (package.json): the CLI in a process of its own. */
function cli(name: 'backup' | 'restore', dir: string, env: Record<string, string | undefined>): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
    execFile(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', join(ROOT, 'server', 'tsconfig.json'), join(ROOT, 'server', 'src', 'cli', `${name}.cli.ts`), dir],
      { env: childEnv, cwd: ROOT },
      (err, stdout, stderr) => done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** Each table's row count and an MD5 of its rows (as text, sorted): identical digests mean identical contents. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const {
        rows: [row],
      } = await client.query(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${name} t`);
      digests[name] = `${row.rows} ${row.digest}`;
    }
    const { rows: sequences } = await client.query(`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences ORDER BY 1`);
    for (const { name, value } of sequences) digests[`sequence ${name}`] = String(value);
    return digests;
  } finally {
    await client.end();
  }
}

/** The ledger as an accountant checks it: each account's balance and the sum of its postings, and the invariants. */
async function ledgerReport(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const query = async (sql: string) => (await client.query(sql)).rows;
    return {
      balances: await query(`SELECT id::text, code, currency, balance_minor::text FROM ledger_accounts ORDER BY id`),
      postingSums: await query(`SELECT account_id::text, currency, sum(amount_minor)::text AS total, count(*)::int AS postings FROM postings GROUP BY 1, 2 ORDER BY 1, 2`),
      unbalancedJournals: await query(`SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`),
      unbalancedCurrencies: await query(`SELECT currency FROM ledger_accounts GROUP BY currency HAVING sum(balance_minor) <> 0`),
      balanceDrift: await query(`SELECT a.id FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(p.amount_minor), 0)`),
    };
  } finally {
    await client.end();
  }
}

/** Every file under DATA_DIR but the database cluster and the holder's pid file, with its SHA-256. */
function fileDigests(dataDir: string, dir = dataDir): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (dir === dataDir && (name === 'pg' || name === 'strongroom.pid')) continue;
    if (statSync(full).isDirectory()) Object.assign(found, fileDigests(dataDir, full));
    else found[relative(dataDir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return found;
}

async function adminQuery(sql: string) {
  const admin = new Client({ connectionString: process.env.STRONGROOM_TEST_PG_URL });
  await admin.connect();
  try {
    return (await admin.query(sql)).rows;
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.STRONGROOM_TEST_PG_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('npm run backup and npm run restore', () => {
  let t: TestApp;
  let sourceUrl: string;
  const made: { databases: string[]; dirs: string[] } = { databases: [], dirs: [] };
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `strongroom-${label}-`));
    made.dirs.push(dir);
    return dir;
  };
  const emptyDatabase = async () => {
    const name = `sr_restore_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    made.databases.push(name);
    return databaseUrl(name);
  };

  beforeAll(async () => {
    // A bank with a record of every product: the demo seed, and a customer with a card, a loan, a cheque (two images
    // among the files) and crypto; their mail waits in the job queue (no worker runs here).
    t = await createTestApp();
    await seedDemo(t.app.db, pinPepperFrom(t.config.encryptionKey));
    const customer = await approvedCustomer(t.app, { funded: '2500.00' });
    await issuedCard(t.app, customer);
    const loan = await applyForLoan(t.app, customer.session);
    await approveLoan(t.app, customer.staff, loan.id);
    await depositedChequeId(t.app, customer.session);
    await holdCrypto(t.app, customer.session, customer.staff, 'BTC', '100.00');
    // The embedded default's generated secrets, which a backup must carry.
    loadOrCreateSecrets(t.dataDir);
    const [{ name }] = await t.app.db.query(`SELECT current_database() AS name`);
    sourceUrl = databaseUrl(name);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    for (const name of made.databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of made.dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('restores into an empty database and folder a bank identical in every table, balance, posting, file and ledger check', async () => {
    const backupDir = join(tempDir('backup'), 'nightly');
    const backup = await cli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: t.dataDir });
    expect(backup.output).toContain(`Backup written to ${backupDir}`);
    expect(backup.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.files.filter((file: { path: string }) => file.path.startsWith('data/files/')).length).toBeGreaterThanOrEqual(2);
    expect(manifest.tables.find((table: { name: string }) => table.name === 'postings').rows).toBeGreaterThan(10);

    const targetUrl = await emptyDatabase();
    const targetDir = join(tempDir('restored'), 'data');
    const restore = await cli('restore', backupDir, { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
    expect(restore.output).toContain(`Restored the backup of ${manifest.createdAt}`);
    expect(restore.code).toBe(0);

    const [source, target] = await Promise.all([tableDigests(sourceUrl), tableDigests(targetUrl)]);
    expect(Object.keys(source)).toContain('public.stored_files');
    expect(Object.keys(source)).toContain('graphile_worker._private_jobs');
    expect(target).toEqual(source);
    const [sourceLedger, targetLedger] = await Promise.all([ledgerReport(sourceUrl), ledgerReport(targetUrl)]);
    expect(targetLedger).toEqual(sourceLedger);
    expect(targetLedger.balances.length).toBeGreaterThan(5);
    expect(targetLedger).toMatchObject({ unbalancedJournals: [], unbalancedCurrencies: [], balanceDrift: [] });
    expect(fileDigests(targetDir)).toEqual(fileDigests(t.dataDir));

    // The restored uploads open under the same key, and match the digest their rows recorded.
    const restored = createDataSource(targetUrl, { poolSize: 2 });
    await restored.initialize();
    try {
      const files = await restored.query(`SELECT id, sha256 FROM stored_files ORDER BY id`);
      expect(files.length).toBeGreaterThanOrEqual(2);
      const service = new FilesService(targetDir, t.config.keys.dataEncryption);
      for (const file of files) {
        const { bytes } = await service.read(restored.manager, file.id, { staff: true });
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      }
    } finally {
      await restored.destroy();
    }

    // Never over something: not into a database or a folder that holds anything, nor into a non-empty backup folder.
    const again = await cli('restore', backupDir, { DATABASE_URL: targetUrl, DATA_DIR: join(tempDir('again'), 'data') });
    expect(again.code).toBe(1);
    expect(again.output).toContain('the database to restore into is not empty');
    const overFiles = await cli('restore', backupDir, { DATABASE_URL: await emptyDatabase(), DATA_DIR: targetDir });
    expect(overFiles.code).toBe(1);
    expect(overFiles.output).toContain(`DATA_DIR ${targetDir} is not empty`);
    const overBackup = await cli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: t.dataDir });
    expect(overBackup.code).toBe(1);
    expect(overBackup.output).toContain(`${backupDir} is not empty`);
  }, 180_000);

  it('refuses a damaged backup before it changes anything', async () => {
    const backupDir = join(tempDir('backup'), 'b');
    expect((await cli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: t.dataDir })).code).toBe(0);
    const damaged = join(tempDir('damaged'), 'b');
    cpSync(backupDir, damaged, { recursive: true });
    const postings = join(damaged, 'database', 'public.postings.copy');
    const text = readFileSync(postings, 'utf8');
    writeFileSync(postings, text.replace(/\t-(\d)/, '\t-9$1'));
    const targetUrl = await emptyDatabase();
    const targetDir = join(tempDir('restored'), 'data');
    const restore = await cli('restore', damaged, { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('the backup is damaged: database/public.postings.copy does not match its checksum');
    expect(await tableDigests(targetUrl)).toEqual({});
    expect(existsSync(targetDir)).toBe(false);
  }, 120_000);

  it('restores into the embedded default: a new DATA_DIR with its own PostgreSQL', async () => {
    const backupDir = join(tempDir('backup'), 'b');
    expect((await cli('backup', backupDir, { DATABASE_URL: sourceUrl, DATA_DIR: t.dataDir })).code).toBe(0);
    // An empty folder that exists (as a mounted volume would) is as good as none.
    const targetDir = tempDir('embedded');
    const restore = await cli('restore', backupDir, { DATABASE_URL: undefined, DATA_DIR: targetDir });
    expect(restore.output).toContain('No DATABASE_URL: creating the embedded PostgreSQL');
    expect(restore.code).toBe(0);
    expect(fileDigests(targetDir)).toEqual(fileDigests(t.dataDir));
    expect(existsSync(join(targetDir, 'secrets.json'))).toBe(true);
    expect(readdirSync(join(targetDir, 'pg')).length).toBeGreaterThan(5);

    // npm start on the restored folder: the bank serves, with the same ledger and every table as it was.
    const port = await freePort();
    const env = serverEnv({ databaseUrl: '', port, dataDir: targetDir, sessionSecret: t.config.sessionSecret, encryptionKeyHex: t.config.encryptionKey.toString('hex'), extra: { JOBS_WORKER: '0' } });
    delete env.DATABASE_URL;
    const server = spawnServer(env, [], 'pipe');
    try {
      expect(await waitReady(`http://127.0.0.1:${port}`, 90_000)).toBe(true);
      const pgPort = Number(readFileSync(join(targetDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
      const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/strongroom`;
      expect(await ledgerReport(embeddedUrl)).toEqual(await ledgerReport(sourceUrl));
      expect(await tableDigests(embeddedUrl)).toEqual(await tableDigests(sourceUrl));
      const signIn = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accountNumber: DEMO_CUSTOMER.accountNumber, password: DEMO_CUSTOMER.password }),
      });
      expect(signIn.status).toBe(200);

      // A backup while the server runs: from its own PostgreSQL, with no downtime, the same rows. Written inside
      // DATA_DIR, it does not copy itself.
      const liveBackupDir = join(targetDir, 'backups', 'live');
      const live = await cli('backup', liveBackupDir, { DATABASE_URL: undefined, DATA_DIR: targetDir });
      expect(live.output).toContain(`Backing up the running server's embedded PostgreSQL (port ${pgPort})`);
      expect(live.code).toBe(0);
      const rowsOf = (dir: string) =>
        Object.fromEntries(
          JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).tables.map((table: { schema: string; name: string; rows: number }) => [`${table.schema}.${table.name}`, table.rows]),
        );
      const before = rowsOf(backupDir);
      // The sign-in above is the one change since: its session.
      expect(rowsOf(liveBackupDir)).toEqual({ ...before, 'public.sessions': before['public.sessions'] + 1 });
      const livePaths = JSON.parse(readFileSync(join(liveBackupDir, 'manifest.json'), 'utf8')).files.map((file: { path: string }) => file.path);
      expect(livePaths.filter((path: string) => path.startsWith('data/backups'))).toEqual([]);
      expect(livePaths).toContain('data/secrets.json');
    } finally {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  }, 180_000);
});
