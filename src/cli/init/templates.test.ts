import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_VERSION } from '../../provider/version';
import { appFiles, CI_NODE_VERSION, mainTs, workflowYaml } from './templates';

const EXAMPLE = path.resolve(__dirname, '..', '..', '..', 'examples', 'platform');

describe('the files of a new app', () => {
  it('are what examples/platform holds, apart from its grown main.ts and README', () => {
    const files = appFiles({ name: 'platform', workspaceName: 'platform', organization: 'acme', engine: 'cdktf', packageSpec: `^${PROVIDER_VERSION}` });
    for (const name of ['package.json', 'cdktf.json', 'tsconfig.json', '.gitignore', '.github/workflows/workspaces.yml']) {
      expect([name, readFileSync(path.join(EXAMPLE, name), 'utf8')]).toEqual([name, files[name]]);
    }
  });

  it('hold the one CI workflow of examples/ci/workflow.yml, whichever the engine', () => {
    const example = readFileSync(path.resolve(__dirname, '..', '..', '..', 'examples', 'ci', 'workflow.yml'), 'utf8');
    for (const engine of ['cdktf', 'cdktn'] as const) {
      const files = appFiles({ name: 'infra', workspaceName: 'infra', organization: 'acme', engine, packageSpec: '^1.0.0' });
      expect([engine, files['.github/workflows/workspaces.yml']]).toEqual([engine, example]);
    }
  });

  it('post the summary and keep the full report even when the diff fails', () => {
    const workflow = workflowYaml();
    const step = (name: string) => workflow.slice(workflow.indexOf(`- name: ${name}`)).split(/\n {6}- /)[0];
    expect(step('Post the summary on the pull request')).toContain("if: always() && hashFiles('plan.md') != ''");
    expect(step('Upload the full report')).toContain('uses: actions/upload-artifact@v4');
    expect(step('Upload the full report')).toContain('if: always()');
    expect(step('cdkws diff')).toContain('--markdown-full plan-full.md --json plan.json');
    expect(workflow).toContain(`node-version: ${CI_NODE_VERSION}`);
  });

  it('run the cdktn CLI on the Node.js it needs', () => {
    const files = appFiles({ name: 'infra', workspaceName: 'infra', organization: 'acme', engine: 'cdktn', packageSpec: '^1.0.0' });
    expect(JSON.parse(files['package.json']).engines.node).toBe('>=22.19.0');
    expect(Number(CI_NODE_VERSION)).toBeGreaterThanOrEqual(22);
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
