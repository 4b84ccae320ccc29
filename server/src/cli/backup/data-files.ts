import { copyFileSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DATA_DIR_LOCK_FILE } from '../../db/data-dir-lock';
import { sha256OfFile, type Manifest } from './manifest';

/**
 * DATA_DIR's own files: uploads (files/, sealed under the encryption key), mail written without SMTP (mail/), and the
 * generated secrets of the embedded default (secrets.json: without it the uploads cannot be read). The embedded
 * PostgreSQL's cluster (pg/) is not copied as files: its rows are in the backup's database/ folder.
 */
const NOT_COPIED = new Set(['pg', DATA_DIR_LOCK_FILE]);

function listFiles(root: string, skip: string, dir = root): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    // The backup being written, when it is inside DATA_DIR, is not copied into itself.
    if ((dir === root && NOT_COPIED.has(name)) || full === skip) continue;
    const stat = lstatSync(full);
    if (stat.isDirectory()) found.push(...listFiles(root, skip, full));
    else if (stat.isFile()) found.push(full);
  }
  return found;
}

/** Copies DATA_DIR's files into `backupDir/data`, keeping their modes; returns their manifest entries. */
export async function backUpDataFiles(dataDir: string, backupDir: string): Promise<Manifest['files']> {
  const entries: Manifest['files'] = [];
  for (const source of listFiles(dataDir, resolve(backupDir))) {
    const path = ['data', ...relative(dataDir, source).split(sep)].join('/');
    const target = join(backupDir, path);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    copyFileSync(source, target);
    entries.push({ path, bytes: statSync(target).size, sha256: await sha256OfFile(target) });
  }
  return entries;
}

/** Copies the backup's data/ files into `dataDir` (empty), and checks each copy against the manifest. */
export async function restoreDataFiles(backupDir: string, manifest: Manifest, dataDir: string): Promise<number> {
  let restored = 0;
  for (const file of manifest.files) {
    if (!file.path.startsWith('data/')) continue;
    if (file.path.split('/').some((part) => part === '..' || part === '')) throw new Error(`the backup names a file outside its folder: ${file.path}`);
    const target = join(dataDir, ...file.path.slice('data/'.length).split('/'));
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    copyFileSync(join(backupDir, file.path), target);
    if ((await sha256OfFile(target)) !== file.sha256) throw new Error(`${target} does not match the backup's checksum after copying`);
    restored++;
  }
  return restored;
}
