// npm run build (and npm start, npm test): builds each workspace whose inputs changed since its last build and
// skips the rest, so a second start is ready in seconds. A workspace's fingerprint is a SHA-256 of its source files,
// its configs, the lockfile, the VITE_* variables and the fingerprints of the workspaces it builds against; it is
// written to <workspace>/dist/.build-fingerprint only after a successful build. A fresh clone (no dist) builds
// everything; `npm run build -- --force` (or BUILD_FORCE=1) rebuilds everything; naming workspaces
// (`node scripts/build.js shared server`) builds only those and what they need.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, sep } = require('node:path');
const { spawnSync } = require('node:child_process');

const FINGERPRINT_FILE = '.build-fingerprint';

/** In build order; `needs` names workspaces whose output this one compiles against; `viteEnv`: Vite inlines VITE_* variables. */
const WORKSPACES = [
  { key: 'shared', name: '@strongroom/shared', dir: 'shared', inputs: ['src', 'package.json', 'tsconfig.json'], output: 'dist/index.js', needs: [] },
  { key: 'server', name: '@strongroom/server', dir: 'server', inputs: ['src', 'package.json', 'tsconfig.json'], output: 'dist/main.js', needs: ['shared'] },
  {
    key: 'customer-web',
    name: '@strongroom/customer-web',
    dir: 'customer-web',
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts', 'vite-regions.ts', 'vite-prerender.ts'],
    output: 'dist/index.html',
    needs: ['shared'],
    viteEnv: true,
  },
  {
    key: 'admin-console',
    name: '@strongroom/admin-console',
    dir: 'admin-console',
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'],
    output: 'dist/index.html',
    needs: ['shared'],
    viteEnv: true,
  },
  // The bench, the chaos run and the security audit: built against the server's declared exports, never shipped in its dist.
  { key: 'tools', name: '@strongroom/tools', dir: 'tools', inputs: ['src', 'package.json', 'tsconfig.json'], output: 'dist/bench/bench.js', needs: ['shared', 'server'] },
];

/** Inputs every workspace's output depends on (relative to the repository root). */
const COMMON_INPUTS = ['tsconfig.base.json', 'package-lock.json', 'scripts/build.js', 'scripts/vite-precompress.ts'];

// Tests are not compiled into any dist; editing one should not cost a rebuild.
const IGNORED = /(^|[\\/])(node_modules|dist|\.DS_Store)$|\.test\.tsx?$/;

/** Every file under `path` (a file or a folder), sorted, as paths relative to `root`. */
function listFiles(root, path) {
  const full = join(root, path);
  if (!existsSync(full) || IGNORED.test(path)) return [];
  const entries = readdirSync(full, { withFileTypes: true });
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (IGNORED.test(child)) return [];
      return entry.isDirectory() ? listFiles(root, child) : [child];
    });
}

function filesOf(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  return statSync(full).isDirectory() ? listFiles(root, path) : [path];
}

/** SHA-256 over each input's relative path and bytes, plus the fingerprints of the workspaces it needs. */
function fingerprintOf(root, workspace, neededFingerprints, { commonInputs = COMMON_INPUTS, env = process.env } = {}) {
  const hash = createHash('sha256');
  const paths = [...commonInputs, ...workspace.inputs.map((input) => join(workspace.dir, input))];
  for (const path of paths) {
    for (const file of filesOf(root, path)) {
      hash.update(`${file.split(sep).join('/')}\0`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  if (workspace.viteEnv) {
    for (const name of Object.keys(env)
      .filter((n) => n.startsWith('VITE_'))
      .sort())
      hash.update(`${name}=${env[name]}\0`);
  }
  for (const needed of neededFingerprints) hash.update(`needs:${needed}\0`);
  return hash.digest('hex');
}

function storedFingerprint(root, workspace) {
  const file = join(root, workspace.dir, 'dist', FINGERPRINT_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The workspaces named and, before them, the ones they need; all of them when none is named. */
function selectWorkspaces(workspaces, keys) {
  if (!keys.length) return workspaces;
  const wanted = new Set();
  const add = (key) => {
    const workspace = workspaces.find((w) => w.key === key || w.name === key);
    if (!workspace) throw new Error(`Unknown workspace ${key}; known: ${workspaces.map((w) => w.key).join(', ')}`);
    workspace.needs.forEach(add);
    wanted.add(workspace.key);
  };
  keys.forEach(add);
  return workspaces.filter((w) => wanted.has(w.key));
}

/**
 * Builds what changed. `run(workspace)` builds one workspace and returns true on success. Returns what was built
 * and what was skipped; throws on the first failed build (its fingerprint is not written, so the next run retries).
 */
function buildChanged({ root, workspaces = WORKSPACES, keys = [], force = false, run, log = () => {}, commonInputs, env }) {
  const fingerprints = new Map();
  const built = [];
  const skipped = [];
  for (const workspace of selectWorkspaces(workspaces, keys)) {
    const needed = workspace.needs.map(
      (key) =>
        fingerprints.get(key) ??
        storedFingerprint(
          root,
          workspaces.find((w) => w.key === key),
        ) ??
        'missing',
    );
    const fingerprint = fingerprintOf(root, workspace, needed, { commonInputs, env });
    fingerprints.set(workspace.key, fingerprint);
    const upToDate = !force && existsSync(join(root, workspace.dir, workspace.output)) && storedFingerprint(root, workspace) === fingerprint;
    if (upToDate) {
      skipped.push(workspace.key);
      log(`${workspace.name}: unchanged since the last build, skipped`);
      continue;
    }
    log(`${workspace.name}: building`);
    // A build that fails half-way must not leave the previous fingerprint vouching for a half-written dist.
    rmSync(join(root, workspace.dir, 'dist', FINGERPRINT_FILE), { force: true });
    if (!run(workspace)) throw new Error(`${workspace.name}: build failed`);
    writeFileSync(join(root, workspace.dir, 'dist', FINGERPRINT_FILE), `${fingerprint}\n`);
    built.push(workspace.key);
  }
  return { built, skipped };
}

module.exports = { WORKSPACES, COMMON_INPUTS, FINGERPRINT_FILE, buildChanged, fingerprintOf, selectWorkspaces };

if (require.main === module) {
  const args = process.argv.slice(2);
  const force = args.includes('--force') || process.env.BUILD_FORCE === '1';
  const root = join(__dirname, '..');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const startedMs = Date.now();
  try {
    const { built } = buildChanged({
      root,
      keys: args.filter((a) => !a.startsWith('--')),
      force,
      run: (workspace) => spawnSync(npm, ['run', 'build', '-w', workspace.name], { cwd: root, stdio: 'inherit' }).status === 0,
      log: (line) => process.stdout.write(`[build] ${line}\n`),
    });
    process.stdout.write(`[build] ${built.length ? `built ${built.join(', ')}` : 'everything up to date'} in ${((Date.now() - startedMs) / 1000).toFixed(1)} s\n`);
  } catch (err) {
    process.stderr.write(`[build] ${err.message}\n`);
    process.exit(1);
  }
}
