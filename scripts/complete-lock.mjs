// Adds the lock-file entries npm leaves out for other platforms' optional binaries (see scripts/relock.sh).
// npm records an optional dependency only once it has fetched its metadata; a registry (or mirror) that does
// not serve, say, @swc/core-darwin-arm64 at the locked version makes npm drop it silently, and `npm ci` then
// refuses the lock as out of sync with package.json. Each missing entry is written with its version and the
// os/cpu/libc it is for (from the registry when it answers, else read from the package's name), so npm ci on
// this platform skips it and on that platform fetches it by version.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
const OS = ['aix', 'android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32'];
const CPU = ['arm64', 'arm', 'ia32', 'loong64', 'mips64el', 'ppc64', 's390x', 'riscv64', 'x64', 'wasm32'];

/** Where node would find `name` from the package at `dir`, or undefined. */
function resolved(dir, name) {
  for (let d = dir; ; d = d.includes('/node_modules/') ? d.slice(0, d.lastIndexOf('/node_modules/')) : '') {
    const candidate = d ? `${d}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!d) return undefined;
  }
}

function platformOf(name, version) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${version}`, 'os', 'cpu', 'libc', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    if (out) {
      const meta = JSON.parse(out);
      const pick = (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
      return { os: pick(meta.os), cpu: pick(meta.cpu), libc: pick(meta.libc) };
    }
  } catch {
    /* not served here: read the platform from the name */
  }
  const tokens = name.split('/').pop().split('-');
  const os = OS.find((o) => tokens.includes(o) || (o === 'win32' && tokens.includes('windows')));
  const cpu = CPU.find((c) => tokens.includes(c) || (c === 'arm' && tokens.includes('armv7')));
  const libc = tokens.some((t) => t.startsWith('musl')) ? 'musl' : tokens.includes('gnu') || tokens.some((t) => t.startsWith('gnueabi')) ? 'glibc' : undefined;
  return { os: os && [os], cpu: cpu && [cpu], libc: libc && [libc] };
}

let added = 0;
for (const [dir, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolved(dir, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
      console.warn(`skipped ${name}@${range} (wanted by ${dir || 'the root'}): not an exact version`);
      continue;
    }
    const key = packages[`node_modules/${name}`] ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    const { os, cpu, libc } = platformOf(name, range);
    // Keys in npm's own order, so a later `npm install` leaves these lines alone.
    packages[key] = { version: range, ...(cpu ? { cpu } : {}), ...(entry.dev ? { dev: true } : {}), ...(libc ? { libc } : {}), optional: true, ...(os ? { os } : {}) };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} optional platform entries to ${LOCK}`);
