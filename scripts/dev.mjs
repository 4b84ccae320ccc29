// npm run dev: the API with reload (tsx watch) plus both Vite dev servers, which proxy /v1 to the API.
// Customer app http://localhost:5173, console http://localhost:5174/admin/, API http://localhost:3000.
import { spawn } from 'node:child_process';

const procs = [
  ['api', 'npm', ['run', 'dev', '-w', '@strongroom/server']],
  ['web', 'npm', ['run', 'dev', '-w', '@strongroom/customer-web']],
  ['admin', 'npm', ['run', 'dev', '-w', '@strongroom/admin-console']],
].map(([name, cmd, args]) => {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SERVE_STATIC: '0' } });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => process.stdout.write(chunk.toString().split('\n').filter(Boolean).map(prefix).join('\n') + '\n'));
  }
  child.on('exit', (code) => {
    process.stdout.write(prefix(`exited with ${code}\n`));
    shutdown();
  });
  return child;
});

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const p of procs) p.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
