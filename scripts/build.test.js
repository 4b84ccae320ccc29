// The incremental build (scripts/build.js): a workspace is rebuilt when its inputs, or a workspace it builds
// against, changed since its last successful build, and skipped otherwise.
const { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildChanged } = require('./build');

const WORKSPACES = [
  { key: 'shared', name: '@t/shared', dir: 'shared', inputs: ['src', 'package.json'], output: 'dist/index.js', needs: [] },
  { key: 'server', name: '@t/server', dir: 'server', inputs: ['src', 'package.json'], output: 'dist/main.js', needs: ['shared'] },
  { key: 'web', name: '@t/web', dir: 'web', inputs: ['src', 'index.html'], output: 'dist/index.html', needs: ['shared'], viteEnv: true },
];

describe('npm run build builds only what changed', () => {
  let root;
  let runs;
  const write = (path, text) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  // Stands in for `npm run build -w`: records the call and writes the workspace's output.
  const run = (workspace) => {
    runs.push(workspace.key);
    write(join(workspace.dir, workspace.output), `built ${runs.length}`);
    return true;
  };
  const build = (options = {}) => {
    runs = [];
    return buildChanged({ root, workspaces: WORKSPACES, commonInputs: ['tsconfig.base.json'], env: {}, run, ...options });
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'strongroom-build-'));
    write('tsconfig.base.json', '{}');
    write('shared/package.json', '{}');
    write('shared/src/index.ts', 'export const a = 1;');
    write('server/package.json', '{}');
    write('server/src/main.ts', 'console.log(1);');
    write('server/src/main.test.ts', 'test');
    write('web/index.html', '<div id="root"></div>');
    write('web/src/main.tsx', 'render();');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything on a fresh clone, in order, and nothing the second time', () => {
    expect(build()).toEqual({ built: ['shared', 'server', 'web'], skipped: [] });
    expect(runs).toEqual(['shared', 'server', 'web']);
    expect(build()).toEqual({ built: [], skipped: ['shared', 'server', 'web'] });
    expect(runs).toEqual([]);
  });

  it('rebuilds only the workspace whose source changed', () => {
    build();
    write('web/src/main.tsx', 'render(2);');
    expect(build().built).toEqual(['web']);
    write('web/src/Page.tsx', 'export {}');
    expect(build().built).toEqual(['web']);
  });

  it('rebuilds what builds against a changed workspace, and everything when a common input changes', () => {
    build();
    write('shared/src/index.ts', 'export const a = 2;');
    expect(build().built).toEqual(['shared', 'server', 'web']);
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect(build().built).toEqual(['shared', 'server', 'web']);
  });

  it('does not rebuild for a test file, which no build compiles', () => {
    build();
    write('server/src/main.test.ts', 'test 2');
    expect(build().built).toEqual([]);
  });

  it('rebuilds a workspace whose output was removed, and everything when forced', () => {
    build();
    rmSync(join(root, 'server', 'dist'), { recursive: true });
    expect(build().built).toEqual(['server']);
    expect(build({ force: true }).built).toEqual(['shared', 'server', 'web']);
  });

  it('retries a failed build next time and stops before what depends on it', () => {
    build();
    write('shared/src/index.ts', 'export const a = ;');
    runs = [];
    const failing = (workspace) => (runs.push(workspace.key), false);
    expect(() => buildChanged({ root, workspaces: WORKSPACES, commonInputs: ['tsconfig.base.json'], env: {}, run: failing })).toThrow('@t/shared: build failed');
    expect(runs).toEqual(['shared']);
    expect(existsSync(join(root, 'shared', 'dist', '.build-fingerprint'))).toBe(false);
    expect(build().built).toEqual(['shared', 'server', 'web']);
  });

  it('builds a named workspace with what it needs, and rebuilds the front end when a VITE_ variable changes', () => {
    expect(build({ keys: ['server'] }).built).toEqual(['shared', 'server']);
    expect(build({ keys: ['web'] }).built).toEqual(['web']);
    expect(build({ env: { VITE_API_URL: 'http://x' } }).built).toEqual(['web']);
  });
});
