// The cluster's engines come from Debian's archive: installed by the cluster script when missing (as root, with
// apt-get), or named for the operator to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const POSTGRES_BIN_DIR = '/usr/lib/postgresql/15/bin';
/** The Debian packages, and a program each one installs (its presence says the package is there). */
export const CLUSTER_PACKAGES: [pkg: string, program: string][] = [
  ['postgresql-15', `${POSTGRES_BIN_DIR}/postgres`],
  ['patroni', '/usr/bin/patroni'],
  ['etcd-server', '/usr/bin/etcd'],
  ['haproxy', '/usr/sbin/haproxy'],
];

/** The packages whose program is absent (empty: the cluster can start). */
export function missingPackages(): string[] {
  return CLUSTER_PACKAGES.filter(([, program]) => !existsSync(program)).map(([pkg]) => pkg);
}

/** Installs what is missing from Debian's archive (apt-get update once, then apt-get install -y). */
export function ensurePackages(log: (line: string) => void = console.log): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`the cluster needs Debian's packages ${missing.join(', ')}: install them (sudo apt-get install -y ${missing.join(' ')})`);
  log(`installing ${missing.join(', ')} from Debian's archive`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const still = missingPackages();
  if (still.length > 0) throw new Error(`still missing after apt-get install: ${still.join(', ')}`);
}
