import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SequenceEntry, TableEntry } from './backup.queries';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'strongroom-backup';

/** What a backup holds, and the SHA-256 of every file in it: a restore checks them all before it changes anything. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  createdAt: string;
  postgresVersion: string;
  /** The schema's migrations, in order: a restore runs the same ones before it loads the rows. */
  migrations: string[];
  tables: (TableEntry & { rows: number; file: string })[];
  sequences: SequenceEntry[];
  /** Every file of the backup but this one: database/ (COPY text of each table) and data/ (DATA_DIR's files). */
  files: { path: string; bytes: number; sha256: string }[];
}

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((done, failed) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', failed)
      .on('end', () => done(hash.digest('hex')));
  });
}

export function writeManifest(dir: string, manifest: Manifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export class BackupError extends Error {}

/** Reads the manifest and checks every file it lists against its size and checksum. */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: not a Strongroom backup`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT || manifest.version !== 1) throw new BackupError(`${path} is not a Strongroom backup this version can read`);
  for (const file of manifest.files) {
    const full = join(dir, file.path);
    if (!existsSync(full)) throw new BackupError(`the backup is incomplete: ${file.path} is missing`);
    const sha256 = await sha256OfFile(full);
    if (sha256 !== file.sha256) throw new BackupError(`the backup is damaged: ${file.path} does not match its checksum`);
  }
  return manifest;
}

/** True for a folder that does not exist or holds nothing. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
