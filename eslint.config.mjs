// ESLint flat config. An .mjs file because the package itself is CommonJS: ESLint loads it as ESM either way.
// TypeScript is linted with type information (typescript-eslint's project service reads tsconfig.json);
// Prettier owns the layout, so eslint-config-prettier comes last and turns off every formatting rule.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rules about `any`, off where values of unknown shape are read on purpose (each block says why). */
const VALUES_OF_UNKNOWN_SHAPE = {
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

export default defineConfig(
  {
    ignores: ['dist/**', 'coverage/**', 'cdktf.out/**', '.cdkws/**', 'constructs/gen/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter or binding that is unused on purpose (a callback's shape, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `async` without `await` is deliberate here: it turns a synchronous throw into a rejection and keeps a handler's
      // signature (routes, provider hooks, CLI commands) uniform. Floating and misused promises stay errors.
      '@typescript-eslint/require-await': 'off',
      // @ts-expect-error cannot mark a line that is an error in one install and not in another (cdktf vs cdktn).
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description', minimumDescriptionLength: 10 }],
    },
  },
  {
    // JSON documents read as `any` on purpose, so the no-unsafe-* rules would only add casts (the promise rules stay on):
    // - tests read response bodies and plan JSON: a body of the wrong shape fails the assertion that reads it;
    // - the console renders the documents the API's own handlers serialized (ApiReader), escaped by `html`, until the
    //   response schemas of src/contract type them. Everything else in src/server stays checked.
    files: ['**/*.test.ts', 'test/**', '**/test-support.ts', '**/testing/**', 'src/server/console/**'],
    rules: VALUES_OF_UNKNOWN_SHAPE,
  },
  {
    // Values of unknown shape on purpose: the plugin protocol's message codec walks decoded messages member by member
    // from their descriptors (typed at the codec's edges, messages.ts), and the benchmarks pass plain data between
    // threads and read JSON answers whose shape the service's own tests check.
    files: ['src/provider/protocol/wire.ts', 'src/provider/protocol/grpc-server.ts', 'src/provider/protocol/services.ts', 'bench/**'],
    rules: VALUES_OF_UNKNOWN_SHAPE,
  },
  {
    // Plain CommonJS scripts and files outside tsconfig.json (the example app resolves `cdk-workspaces` only once
    // installed): linted without type information.
    files: ['**/*.js', '**/*.mjs', 'client.d.ts', 'examples/**'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
