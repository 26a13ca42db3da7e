// End to end, with the hosted service's answers: workspaces made from the documented create
// requests of test/fixtures/samples (a VCS workspace answered with `working-directory: ""`, the
// hosted service's answer for "none"; a monorepo with one; trigger patterns; a tag binding), then
// both import routes of docs/guide-import.md. `cdkws import` leaves the empty working directory out
// and plans only imports; plain Terraform (`terraform plan -generate-config-out`, which writes null
// for an empty string) plans only imports too, applies with 0 changed, and the next plan is empty.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { describeWith } from '../helpers/requirements';
import { ORG, TOKENS, type TestService } from '../helpers/service';
import { cleanupTerraform, requiredProviders, TerraformWorkdir } from '../helpers/terraform';
import { useService } from '../helpers/use-service';
import { loadSample } from '../helpers/workspace-assertions';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

/** The documented create requests, renamed under "hosted-", with this service's OAuth token. */
const SAMPLES: Array<{ sample: string; name: string; bindings?: Record<string, string> }> = [
  { sample: 'ws-create-03-with-vcs-repo', name: 'hosted-vcs', bindings: { team: 'platform' } },
  { sample: 'ws-create-04-using-git-tags', name: 'hosted-git-tags' },
  { sample: 'ws-create-06-monorepo-trigger-patterns', name: 'hosted-trigger-patterns' },
];

function sampleAttributes(sample: string, name: string): Record<string, unknown> {
  const { engine_version: _ignored, 'updated-at': _also, ...attributes } = loadSample(sample).request_body.data.attributes;
  const vcs = attributes['vcs-repo'] as Record<string, unknown> | undefined;
  return { ...attributes, name, ...(vcs ? { 'vcs-repo': { ...vcs, 'oauth-token-id': 'ot-github' } } : {}) };
}

async function attributesOf(service: TestService, id: string): Promise<Record<string, unknown>> {
  const { 'updated-at': _updated, ...attributes } = (await service.request('GET', `/workspaces/${id}`)).body.data.attributes;
  return attributes;
}

describeWith('terraform')('importing workspaces as the hosted service answers them', () => {
  const service = useService();
  const ids = new Map<string, string>();
  const before = new Map<string, Record<string, unknown>>();
  const dirs: string[] = [];

  beforeAll(async () => {
    for (const { sample, name, bindings } of SAMPLES) {
      const { id } = await createWorkspace(service, sampleAttributes(sample, name), workspaceRelationships({ tagBindings: bindings }));
      ids.set(name, id);
      before.set(name, await attributesOf(service, id));
    }
    // The hosted service's answer for a workspace without a working directory.
    expect(before.get('hosted-vcs')!['working-directory']).toBe('');
  }, 60_000);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    cleanupTerraform();
  });

  it('cdkws import leaves the empty working directory out, and the first diff only imports', async () => {
    const dir = createExampleProject('cdkws-import-hosted-');
    dirs.push(dir);
    const env = service.cliEnv(TOKENS.owner, { CHECKPOINT_DISABLE: '1' });
    const imported = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'hosted-*');
    expect(imported.code).toBe(0);
    const source = readFileSync(path.join(dir, 'imported-workspaces.ts'), 'utf8');
    expect(source).not.toContain("workingDirectory: ''");
    expect(source).toContain("workingDirectory: '/networking'");
    const [importLine, constructLine] = imported.stdout.trim().split('\n');
    writeFileSync(
      path.join(dir, 'main.ts'),
      [
        "import { App } from 'cdktf';",
        "import { WorkspacesStack } from 'cdk-workspaces';",
        importLine,
        '',
        'const app = new App();',
        `const stack = new WorkspacesStack(app, 'platform', { organization: '${ORG}' });`,
        constructLine,
        'app.synth();',
        '',
      ].join('\n'),
    );
    const diff = await cdkws(dir, env, 'diff');
    expect(diff.stderr).not.toMatch(/Error/);
    expect(diff.stdout).toContain(`Stack platform: ${SAMPLES.length + 1} to import, 0 to add, 0 to change, 0 to destroy`);
    expect(diff.code).toBe(2);
  }, 600_000);

  it('plain Terraform with generated configuration imports with 0 to change, and plans nothing after', async () => {
    const work = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    const blocks = SAMPLES.map(({ name, bindings }) => {
      const id = ids.get(name)!;
      const address = name.replace(/-/g, '_');
      return [
        `import {\n  to = cdkws_workspace.${address}\n  id = "${id}"\n}\n`,
        ...Object.keys(bindings ?? {}).map((key) => `import {\n  to = cdkws_tag_binding.${address}_${key}\n  id = "${id}/${key}"\n}\n`),
      ].join('');
    });
    work.write({ 'main.tf': `${requiredProviders()}\nprovider "cdkws" {\n  organization = "${ORG}"\n}\n`, 'imports.tf': blocks.join('') });
    await work.init();
    await work.ok(['plan', '-input=false', '-generate-config-out=generated.tf'], [0, 2]);
    expect(readFileSync(path.join(work.dir, 'generated.tf'), 'utf8')).toMatch(/working_directory\s+= null/);
    const plan = await work.plan();
    expect(plan.stdout).toContain(`Plan: ${SAMPLES.length + 1} to import, 0 to add, 0 to change, 0 to destroy.`);
    expect(plan.code).toBe(2);
    const applied = await work.apply();
    expect(applied.stdout).toContain(`Apply complete! Resources: ${SAMPLES.length + 1} imported, 0 added, 0 changed, 0 destroyed.`);
    const next = await work.plan();
    expect({ code: next.code, output: next.code === 0 ? '' : next.output }).toEqual({ code: 0, output: '' });
    for (const [name, id] of ids) expect(await attributesOf(service, id)).toEqual(before.get(name));
  }, 300_000);
});
