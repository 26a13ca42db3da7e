import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_VERSION } from '../provider/version';
import { appFiles, mainTs } from './init-templates';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'platform');

describe('the files of a new app', () => {
  it('are what examples/platform holds, apart from its grown main.ts and README', () => {
    const files = appFiles({ name: 'platform', workspaceName: 'platform', organization: 'acme', engine: 'cdktf', packageSpec: `^${PROVIDER_VERSION}` });
    for (const name of ['package.json', 'cdktf.json', 'tsconfig.json', '.gitignore', '.github/workflows/workspaces.yml']) {
      expect([name, readFileSync(path.join(EXAMPLE, name), 'utf8')]).toEqual([name, files[name]]);
    }
  });

  it('run the cdktn CLI on the Node.js it needs in CI', () => {
    const files = appFiles({ name: 'infra', workspaceName: 'infra', organization: 'acme', engine: 'cdktn', packageSpec: '^1.0.0' });
    expect(files['.github/workflows/workspaces.yml']).toContain('node-version: 22');
    expect(JSON.parse(files['package.json']).engines.node).toBe('>=22.19.0');
  });

  it('put extra imports and statements into main.ts', () => {
    const main = mainTs(
      { engine: 'cdktf', organization: "o'brien", workspaceName: 'w' },
      { imports: ["import { ImportedWorkspaces } from './imported-workspaces';"], body: ["new ImportedWorkspaces(stack, 'imported');"] },
    );
    expect(main).toContain("import { Workspace, WorkspacesStack } from 'cdk-workspaces';\nimport { ImportedWorkspaces } from './imported-workspaces';\n");
    expect(main).toContain("{ organization: 'o\\'brien' }");
    expect(main).toMatch(/new ImportedWorkspaces\(stack, 'imported'\);\n\napp\.synth\(\);\n$/);
  });
});
