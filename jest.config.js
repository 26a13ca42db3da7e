// Two projects: unit tests beside the logic, integration tests that start the real service.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }];
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
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      testTimeout: 60000,
    },
  ],
};
