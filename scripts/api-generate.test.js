// The front ends' API types (shared/src/api/schema.ts) are generated from the server's routes: this fails when a
// route's contract changed and npm run api:generate was not run, so the front ends never compile against a stale API.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');

test('shared/src/api/schema.ts is what npm run api:generate writes from the server today', () => {
  let output;
  try {
    output = execFileSync(process.execPath, [join(ROOT, 'scripts', 'api-generate.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`${err.stderr || err.message}`);
  }
  expect(output).toContain('is up to date');
}, 180_000);
