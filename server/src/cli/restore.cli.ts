import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { migrate } from '../boot';
import { restoreDataFiles } from './backup/data-files';
import { assertEmptyDatabase, restoreDatabase } from './backup/database-copy';
import { commandSettings, databaseToRestoreInto } from './backup/databases';
import { BackupError, isEmptyFolder, readVerifiedManifest } from './backup/manifest';

/**
 * npm run restore -- <dir>: a backup made by npm run backup into an empty database (DATABASE_URL, or a new embedded one)
 * and an empty DATA_DIR. It refuses anything that is not empty, and checks every file of the backup against its
 * checksum before it changes anything (docs/operations/backups.md).
 */
async function run() {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const source = process.argv[2];
  if (!source) throw new BackupError('usage: npm run restore -- <folder holding the backup>');
  const backupDir = resolve(source);
  if (!existsSync(backupDir)) throw new BackupError(`${backupDir} does not exist`);
  const settings = commandSettings();
  if (!isEmptyFolder(settings.dataDir)) throw new BackupError(`DATA_DIR ${settings.dataDir} is not empty: restore into a new, empty folder`);
  say(`Checking the backup in ${backupDir}`);
  const manifest = await readVerifiedManifest(backupDir);
  if (settings.databaseUrl) await assertEmptyDatabase(settings.databaseUrl);
  const database = await databaseToRestoreInto(settings, say);
  try {
    say(`Building the schema in ${database.label} (${manifest.migrations.length} migrations)`);
    const migrated = await migrate(database.url, 2);
    await migrated.destroy();
    const rows = await restoreDatabase(database.url, backupDir, manifest);
    const files = await restoreDataFiles(backupDir, manifest, settings.dataDir);
    say(`Restored the backup of ${manifest.createdAt}: ${manifest.tables.length} tables, ${rows} rows, ${files} files into ${settings.dataDir}`);
  } finally {
    await database.release();
  }
}

run().catch((err) => {
  process.stderr.write(`Restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
