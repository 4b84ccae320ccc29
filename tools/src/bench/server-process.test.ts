import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-process';

const ROOT = join(__dirname, '..', '..', '..');

describe('the server is measured as it runs in production', () => {
  it('npm start and the Docker image start the server with the flags the bench and the chaos run use', () => {
    const start: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['start:server'];
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} server/dist/main.js`);
    const command = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'docker', 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(command ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'server/dist/main.js']);
  });
});
