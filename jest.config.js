// Two projects: unit tests beside the logic, integration tests that start the real service.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }];
// This repository's engine is cdktf: constructs/engine.ts's request for cdktn resolves to it, as the
// engine binding does in a cdktf app (jest resolves modules itself, without that binding).
const moduleNameMapper = { '^cdktn$': 'cdktf' };
module.exports = {
  // Integration tests start services and spawn processes; the default 5 s is too short for them.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/constructs'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      testTimeout: 60000,
    },
  ],
};
