// One jest run over five projects. The server, tools and e2e projects share one global setup (the same file runs
// once): one PostgreSQL for the run, embedded (no DATABASE_URL) or the one DATABASE_URL names, with a
// migrated template database that each test file clones. The shared project needs no database.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// Legacy decorators with metadata: TypeORM entities (ARCHITECTURE.md: explicit column types all the same).
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

// Dependencies that ship ES modules only need transforming for jest (Node 20, CommonJS); the root
// package.json's overrides hold cookie and content-disposition at CommonJS versions that support Node 20.
const ESM_ONLY = ['@scure/base', '@noble/hashes'];

const serverSetup = {
  globalSetup: '<rootDir>/server/test/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/global-teardown.ts',
};
const e2eSetup = existsSync(join(__dirname, 'e2e', 'global-setup.ts'))
  ? {
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      ...(existsSync(join(__dirname, 'e2e', 'global-teardown.ts')) ? { globalTeardown: '<rootDir>/e2e/global-teardown.ts' } : {}),
    }
  : serverSetup;

module.exports = {
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  maxWorkers: 2,
  // jest honours testTimeout only here, not per project; e2e raises it in a setup file.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'shared',
      testMatch: ['<rootDir>/shared/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      testEnvironment: 'node',
    },
    {
      displayName: 'scripts',
      testMatch: ['<rootDir>/scripts/**/*.test.js'],
      testEnvironment: 'node',
    },
    {
      displayName: 'server',
      testMatch: ['<rootDir>/server/src/**/*.test.ts', '<rootDir>/server/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
      ...(ESM_ONLY.length ? { transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`] } : {}),
      testEnvironment: 'node',
      ...serverSetup,
    },
    {
      // The bench, the chaos run and the security audit (tools/). Under jest the server's declared exports load from
      // its sources, as the server's own tests do, so one copy of the server's code (and its entities) is loaded.
      displayName: 'tools',
      testMatch: ['<rootDir>/tools/src/**/*.test.ts', '<rootDir>/tools/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
      ...(ESM_ONLY.length ? { transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`] } : {}),
      moduleNameMapper: { '^@strongroom/server/(.+)$': '<rootDir>/server/src/$1' },
      testEnvironment: 'node',
      ...serverSetup,
    },
    {
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/server/test/e2e-timeout.setup.ts'],
      ...e2eSetup,
    },
  ],
};
