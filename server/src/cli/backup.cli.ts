import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { backUpDataFiles } from './backup/data-files';
import { backUpDatabase } from './backup/database-copy';
import { commandSettings, databaseToBackUp } from './backup/databases';
import { BackupError, MANIFEST_FORMAT, isEmptyFolder, writeManifest } from './backup/manifest';

/**
 * npm run backup -- <dir>: the database (every table's rows from one snapshot) and DATA_DIR's files into a new
 * folder, with a manifest of their SHA-256 checksums. The server may keep running (docs/operations/backups.md).
 */
async function run() {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const target = process.argv[2];
  if (!target) throw new BackupError('usage: npm run backup -- <folder to write the backup into>');
  const backupDir = resolve(target);
  if (!isEmptyFolder(backupDir)) throw new BackupError(`${backupDir} is not empty: give a new folder for the backup`);
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const settings = commandSettings();
  const database = await databaseToBackUp(settings, say);
  try {
    const createdAt = new Date().toISOString();
    say(`Backing up ${database.label}`);
    const { files: databaseFiles, ...databasePart } = await backUpDatabase(database.url, backupDir);
    say(`Backing up the files of ${settings.dataDir}`);
    const dataFiles = await backUpDataFiles(settings.dataDir, backupDir);
    // Written last: a backup cut short has no manifest, and a restore refuses it.
    writeManifest(backupDir, { format: MANIFEST_FORMAT, version: 1, createdAt, ...databasePart, files: [...databaseFiles, ...dataFiles] });
    const rows = databasePart.tables.reduce((sum, table) => sum + table.rows, 0);
    say(`Backup written to ${backupDir}: ${databasePart.tables.length} tables, ${rows} rows, ${dataFiles.length} files (manifest.json lists their SHA-256)`);
  } finally {
    await database.release();
  }
}

run().catch((err) => {
  process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
