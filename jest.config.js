// Two projects: unit tests beside the logic, integration tests that start the real service.
const os = require('node:os');
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }];
// This repository's engine is cdktf: constructs/engine.ts's request for cdktn resolves to it, as the
// engine binding does in a cdktf app (jest resolves modules itself, without that binding).
const moduleNameMapper = { '^cdktn$': 'cdktf' };
// Suites that exist only on PostgreSQL (`*.postgres.test.ts`: restarts, killed connections) belong to
// the PostgreSQL pass (`npm run test:postgres`, which refuses to run without a database).
const testPathIgnorePatterns = ['/node_modules/', ...(process.env.CDKWS_TEST_DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$'])];
module.exports = {
  // Integration tests start services and spawn processes; the default 5 s is too short for them.
  testTimeout: 60000,
  // Jest's default, one worker fewer than the cores, is a single worker on a 2-core machine, where the
  // end-to-end files then run one after another while they mostly wait on npm, Terraform and the
  // provider. At least three workers keep both cores busy.
  maxWorkers: Math.max(3, os.availableParallelism() - 1),
  testSequencer: '<rootDir>/test/helpers/slow-first-sequencer.js',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/constructs'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns,
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns,
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      testTimeout: 60000,
    },
  ],
};
