// The package root, as users load it: named exports of the constructs and the client, from both
// require and import (package.json main is the compiled dist/src/index.js).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject, ROOT } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string; ROOT: string };

const NAMES = [
  'WorkspacesStack',
  'Workspace',
  'TagBinding',
  'RemoteStateConsumers',
  'ChangeRequest',
  'Organization',
  'OrganizationLookup',
  'Policy',
  'PolicyRules',
  'Client',
];

describe('the cdk-workspaces package', () => {
  let project: string;
  beforeAll(() => {
    project = createExampleProject('cdkws-package-');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('exports the constructs and the client to require', () => {
    const script = `const pkg = require('cdk-workspaces'); console.log(JSON.stringify(${JSON.stringify(NAMES)}.map((n) => typeof pkg[n])))`;
    const out = execFileSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(NAMES.map(() => 'function'));
  });

  it('exports the constructs and the client as named ES module imports', () => {
    const script = `import { ${NAMES.join(', ')} } from 'cdk-workspaces'; console.log(JSON.stringify([${NAMES.join(', ')}].map((x) => typeof x)))`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(NAMES.map(() => 'function'));
  });

  it('serves the API client alone from cdk-workspaces/client, without loading a CDK engine', () => {
    const script =
      "const { Client } = require('cdk-workspaces/client'); const engines = Object.keys(require.cache).filter((f) => /node_modules[\\\\/](cdktf|cdktn|constructs)[\\\\/]/.test(f)); console.log(JSON.stringify([typeof Client, engines]))";
    const out = execFileSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['function', []]);
  });

  it('resolves to the compiled entry point named in package.json', () => {
    const resolved = execFileSync(process.execPath, ['-p', "require.resolve('cdk-workspaces')"], { cwd: project, encoding: 'utf8' }).trim();
    expect(resolved).toBe(path.join(ROOT, 'dist', 'src', 'index.js'));
  });

  it('type-checks the example app, as copied out of the repository, against the built package', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    expect(() => execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' })).not.toThrow();
  });
});
