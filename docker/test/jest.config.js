// The Docker test's own jest run (npm run test:docker, scripts/test-docker.sh): not one of the root config's projects,
// because it needs the images that script builds and the stack it configures.
const { resolve } = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];
const ESM_ONLY = ['@scure/base', '@noble/hashes'];

module.exports = {
  rootDir: resolve(__dirname, '..', '..'),
  testMatch: ['<rootDir>/docker/test/**/*.docker.test.ts'],
  transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  testEnvironment: 'node',
  testTimeout: 300_000,
  maxWorkers: 1,
};
