import { createReadStream, createWriteStream, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import { BEGIN_SNAPSHOT, LOAD_WITHOUT_TRIGGERS, appliedMigrations, copyIn, copyOut, countUserRelations, listSequences, listTables, serverVersion, setSequence, truncateAll } from './backup.queries';
import { BackupError, sha256OfFile, type Manifest } from './manifest';

type DatabasePart = Pick<Manifest, 'postgresVersion' | 'migrations' | 'tables' | 'sequences' | 'files'>;

/**
 * Every table's rows as COPY text, all read in one REPEATABLE READ transaction: one snapshot, so the backup is the
 * database as it was at one instant while the bank keeps serving (the same guarantee pg_dump gives). Sequences are read
 * in the same transaction. The schema itself is the migrations' (their names are recorded): a restore runs them.
 */
export async function backUpDatabase(url: string, backupDir: string): Promise<DatabasePart> {
  const client = new Client({ connectionString: url, application_name: 'strongroom-backup' });
  await client.connect();
  try {
    await client.query(BEGIN_SNAPSHOT);
    const postgresVersion = await serverVersion(client);
    const migrations = await appliedMigrations(client);
    const tables: Manifest['tables'] = [];
    const files: Manifest['files'] = [];
    mkdirSync(join(backupDir, 'database'), { recursive: true, mode: 0o700 });
    for (const table of await listTables(client)) {
      const path = `database/${encodeURIComponent(table.schema)}.${encodeURIComponent(table.name)}.copy`;
      const target = join(backupDir, path);
      const copy = client.query(copyToStdout(copyOut(table)));
      await pipeline(copy, createWriteStream(target, { mode: 0o600 }));
      tables.push({ ...table, rows: copy.rowCount ?? 0, file: path });
      files.push({ path, bytes: statSync(target).size, sha256: await sha256OfFile(target) });
    }
    const sequences = await listSequences(client);
    await client.query('COMMIT');
    return { postgresVersion, migrations, tables, sequences, files };
  } finally {
    await client.end();
  }
}

/** Refuses a database that holds anything of its own: a restore never mixes two banks. */
export async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const relations = await countUserRelations(client);
    if (relations > 0) throw new BackupError(`the database to restore into is not empty (${relations} tables, views or sequences): restore into a new, empty database`);
  } finally {
    await client.end();
  }
}

/**
 * Loads the rows into a database the same migrations have just built, in one transaction: the rows the migrations
 * seeded are replaced, no trigger fires and no foreign key is checked while loading (the rows were consistent when
 * read), and every table's row count is checked against the backup's. Either all of it is loaded or none.
 */
export async function restoreDatabase(url: string, backupDir: string, manifest: Manifest): Promise<number> {
  const client = new Client({ connectionString: url, application_name: 'strongroom-restore' });
  await client.connect();
  try {
    const migrations = await appliedMigrations(client);
    if (migrations.join('\n') !== manifest.migrations.join('\n')) {
      throw new BackupError(
        `this version's schema (${migrations.length} migrations, last ${migrations.at(-1)}) is not the backup's (${manifest.migrations.length}, last ${manifest.migrations.at(-1)}): restore with the version that made the backup, then upgrade`,
      );
    }
    await client.query('BEGIN');
    await client.query(LOAD_WITHOUT_TRIGGERS);
    const present = new Set((await listTables(client)).map((table) => `${table.schema}.${table.name}`));
    const missing = manifest.tables.filter((table) => !present.has(`${table.schema}.${table.name}`));
    if (missing.length > 0) throw new BackupError(`the restored schema lacks ${missing.map((table) => `${table.schema}.${table.name}`).join(', ')}`);
    await client.query(truncateAll(manifest.tables));
    let rows = 0;
    for (const table of manifest.tables) {
      const copy = client.query(copyFromStdin(copyIn(table)));
      await pipeline(createReadStream(join(backupDir, table.file)), copy);
      if (copy.rowCount !== table.rows) throw new BackupError(`${table.schema}.${table.name}: ${copy.rowCount} rows loaded, the backup holds ${table.rows}`);
      rows += table.rows;
    }
    for (const sequence of manifest.sequences) await setSequence(client, sequence);
    await client.query('COMMIT');
    return rows;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
