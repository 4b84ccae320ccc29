// One jest run over three projects. The global setup provides one PostgreSQL for all of them:
// embedded (no DATABASE_URL) or the one DATABASE_URL names, with a migrated template database.
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

const ESM_ONLY = ['content-disposition', 'cookie'];

module.exports = {
  globalSetup: '<rootDir>/scripts/jest-global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.js',
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  maxWorkers: 2,
  testTimeout: 60000,
  projects: [
    {
      displayName: 'shared',
      testMatch: ['<rootDir>/shared/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      testEnvironment: 'node',
    },
    {
      displayName: 'server',
      testMatch: ['<rootDir>/server/src/**/*.test.ts', '<rootDir>/server/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc, '^.+\\.m?js$': swc },
      // A few dependencies ship ES modules only; jest (Node 20) needs them as CommonJS.
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
      testEnvironment: 'node',
      testTimeout: 60000,
    },
    {
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      transform: { '^.+\\.ts$': swc },
      testEnvironment: 'node',
      testTimeout: 180000,
    },
  ],
};
