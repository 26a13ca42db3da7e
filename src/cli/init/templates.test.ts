import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Script } from 'node:vm';
import { PROVIDER_VERSION } from '../../provider/version';
import { gitlabCiYaml } from './ci-templates';
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

  it('hold the GitLab CI file of examples/ci/gitlab-ci.yml instead with --ci gitlab', () => {
    const example = readFileSync(path.resolve(__dirname, '..', '..', '..', 'examples', 'ci', 'gitlab-ci.yml'), 'utf8');
    const files = appFiles({ name: 'infra', workspaceName: 'infra', organization: 'acme', engine: 'cdktn', packageSpec: '^1.0.0', ci: 'gitlab' });
    expect(files['.gitlab-ci.yml']).toBe(example);
    expect(files['.github/workflows/workspaces.yml']).toBeUndefined();
    expect(files['README.md']).toContain('`.gitlab-ci.yml` plans each merge request');
  });

  it('deploy the reviewed plan, never a new one, and pass the approval of a removal only from the label or an input', () => {
    for (const text of [workflowYaml(), gitlabCiYaml()]) {
      expect(text).toContain('--save-plan cdkws-plan');
      expect(text).not.toMatch(/cdkws deploy --auto-approve\s*$/m);
      expect(text.match(/--approve-destroy/g)?.length).toBeGreaterThanOrEqual(1);
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

describe('an app that keeps its state in a workspace of the service', () => {
  const settings = {
    name: 'infra',
    workspaceName: 'infra',
    organization: 'acme',
    engine: 'cdktf' as const,
    packageSpec: '^1.0.0',
    stateBackend: { hostname: '127.0.0.1:8443', workspace: 'infra-state' },
  };

  /** Runs the generated main.ts (its `app.synth()` left out) against this checkout and returns the stack's Terraform JSON. */
  function synthesized(main: string): any {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ts = require('typescript') as typeof import('typescript');
    const js = ts.transpileModule(main.replace('app.synth();', 'module.exports = stack;'), { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    const mod = { exports: {} as unknown };
    const load = (name: string): unknown => (name === 'cdk-workspaces' ? require('../../index') : require(name)); // eslint-disable-line @typescript-eslint/no-require-imports
    const run = new Script(`(function (require, module, exports) {${js}\n})`).runInThisContext() as (...args: unknown[]) => void;
    run(load, mod, mod.exports);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Testing } = require('cdktf') as typeof import('cdktf');
    return JSON.parse(Testing.synth(mod.exports as never));
  }

  it('configures the engine’s cloud backend with the service’s host, the organization and the workspace', () => {
    const files = appFiles(settings);
    expect(files['main.ts']).toContain("import { App, CloudBackend, NamedCloudWorkspace } from 'cdktf';");
    expect(synthesized(files['main.ts']).terraform.cloud).toEqual({ hostname: '127.0.0.1:8443', organization: 'acme', workspaces: { name: 'infra-state' } });
    expect(files['main.ts']).not.toMatch(/token\s*:/i);
  });

  it('says in its README how Terraform gets the token for the host', () => {
    const text = appFiles(settings)['README.md'];
    expect(text).toContain('credentials "127.0.0.1:8443" {');
    expect(text).toContain('workspace `infra-state` of `acme`');
    expect(text).not.toContain('State is kept in a local file');
  });

  it('leaves an app without it on the local backend', () => {
    const files = appFiles({ ...settings, stateBackend: undefined });
    expect(files['main.ts']).not.toContain('CloudBackend');
    expect(synthesized(files['main.ts']).terraform.cloud).toBeUndefined();
    expect(files['README.md']).toContain('State is kept in a local file');
  });
});
