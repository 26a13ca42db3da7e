// End to end: `cdkws import` round trip. The service holds 40 varied workspaces (every settable
// attribute in some workspace) → `cdkws import` writes the module → `cdkws diff` shows only
// imports → `cdkws deploy --auto-approve` → the next diff is empty → every workspace's settings,
// bindings, flat tags and consumers read through the API are unchanged. Then the same module with
// the engine's own plan and apply, a filter that matches nothing, and the refusals.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from '../helpers/processes';
import { ORG, TOKENS, type TestService } from '../helpers/service';
import { addFlatTags, addRemoteStateConsumers, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { TERRAFORM } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cwd: string, env: NodeJS.ProcessEnv, command: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
const cdkws = (cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) => run(cwd, env, process.execPath, [CLI, ...args]);

/** A new app whose main.ts holds one WorkspacesStack and nothing else (yet). */
function emptyApp(prefix: string): string {
  const dir = createExampleProject(prefix);
  writeFileSync(
    path.join(dir, 'main.ts'),
    [
      "import { App } from 'cdktf';",
      "import { WorkspacesStack } from 'cdk-workspaces';",
      '',
      'const app = new App();',
      "const stack = new WorkspacesStack(app, 'platform', { organization: 'acme' });",
      'app.synth();',
      '',
    ].join('\n'),
  );
  return dir;
}

/** Adds the two lines `cdkws import` printed: the import on top, the construct after the stack. */
function addImportedLines(dir: string, lines: string[]): void {
  const main = path.join(dir, 'main.ts');
  const text = readFileSync(main, 'utf8').split('\n');
  const stackLine = text.findIndex((l) => l.startsWith('const stack = '));
  text.splice(stackLine + 1, 0, lines[1]);
  text.unshift(lines[0]);
  writeFileSync(main, text.join('\n'));
}

// ---- the organization: 40 workspaces under "imp", and one outside ----------------------------

interface Fixture {
  attributes: Record<string, unknown>;
  project?: string;
  bindings?: Record<string, string>;
  flatTags?: string[];
  sshKey?: boolean;
  vcsApp?: string;
}

const FIXTURES: Fixture[] = [
  { attributes: { name: 'imp-plain' } },
  { attributes: { name: 'imp-described', description: 'It\'s the "main" one\nsecond line\\with a backslash\ttab' } },
  { attributes: { name: 'imp-empty-description', description: '' } },
  { attributes: { name: 'imp-remote', 'execution-mode': 'remote', 'assessments-enabled': true, 'engine-version': '1.9.8' } },
  { attributes: { name: 'imp-local', 'execution-mode': 'local' } },
  { attributes: { name: 'imp-agent', 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' } },
  { attributes: { name: 'imp-no-destroy-plan', 'allow-destroy-plan': false } },
  { attributes: { name: 'imp-auto-apply', 'auto-apply': true, 'auto-apply-run-trigger': true } },
  { attributes: { name: 'imp-destroy-at', 'auto-destroy-at': '2031-04-01T12:00:00.000Z' } },
  { attributes: { name: 'imp-idle', 'auto-destroy-activity-duration': '14d' } },
  { attributes: { name: 'imp-engine-constraint', 'engine-version': '~> 1.5.0' } },
  { attributes: { name: 'imp-file-triggers-off', 'file-triggers-enabled': false } },
  { attributes: { name: 'imp-global', 'global-remote-state': true } },
  { attributes: { name: 'imp-queue', 'queue-all-runs': true, 'speculative-enabled': false, 'structured-run-output-enabled': false } },
  { attributes: { name: 'imp-triggers', 'trigger-patterns': ['modules/**/*.tf', '/shared/*.hcl'], 'trigger-prefixes': ['modules/', 'shared/'] } },
  { attributes: { name: 'imp-workdir', 'working-directory': 'envs/prod' } },
  { attributes: { name: 'imp-sourced', 'source-name': 'bootstrap script', 'source-url': 'https://example.com/scripts' } },
  {
    attributes: {
      name: 'imp-vcs',
      'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', branch: 'main', 'ingress-submodules': true, 'tags-regex': 'v\\d+\\.\\d+' },
      'working-directory': 'infra',
      'trigger-prefixes': ['modules/'],
    },
  },
  { attributes: { name: 'imp-vcs-default-branch', 'vcs-repo': { identifier: 'acme/app', 'oauth-token-id': 'ot-github' }, 'trigger-patterns': ['**/*.tf'] } },
  { attributes: { name: 'imp-vcs-app', 'vcs-repo': { identifier: 'acme/web', 'oauth-token-id': 'ot-github' } }, vcsApp: 'ghain-1234' },
  { attributes: { name: 'imp-platform', description: 'in another project' }, project: 'prj-platform' },
  {
    attributes: { name: 'imp-platform-agent', 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' },
    project: 'prj-platform',
    bindings: { team: 'platform' },
  },
  { attributes: { name: 'imp-bound' }, bindings: { team: 'networking', env: 'prod', 'cost-center': '42' } },
  { attributes: { name: 'imp-bound-empty' }, bindings: { flag: '' } },
  { attributes: { name: 'imp-flat' }, flatTags: ['prod', 'networking'] },
  { attributes: { name: 'imp-flat-and-bound', 'auto-apply': true }, flatTags: ['staging'], bindings: { 'app.kubernetes.io:name': 'web+api@v1' } },
  { attributes: { name: 'imp-ssh' }, sshKey: true },
  { attributes: { name: 'imp_underscored', description: 'underscores' } },
  { attributes: { name: 'imp-Mixed-Case' } },
  { attributes: { name: 'imp-mixed_case' } },
  { attributes: { name: 'imp-class' } },
  { attributes: { name: 'imp-shared' } },
  { attributes: { name: 'imp-reader-1' } },
  { attributes: { name: 'imp-reader-2', 'execution-mode': 'local' } },
  { attributes: { name: 'imp-shared-out' } },
  { attributes: { name: 'imp-reader-of-out' } },
  { attributes: { name: 'imp-shared-chain', description: 'read by a reader of another' } },
  {
    attributes: {
      name: 'imp-everything',
      description: 'many settings at once',
      'execution-mode': 'remote',
      'auto-apply': true,
      'allow-destroy-plan': false,
      'queue-all-runs': true,
      'trigger-prefixes': ['a/', 'b/'],
    },
    bindings: { owner: 'alice' },
    flatTags: ['all'],
    sshKey: true,
  },
  { attributes: { name: 'imp-0-leading-digit-after-prefix' } },
  { attributes: { name: 'imp-last' } },
];

/** Consumer lists by workspace name; `legacy-outside` is not under the "imp*" filter. */
const CONSUMERS: Record<string, string[]> = {
  'imp-shared': ['imp-reader-1', 'imp-reader-2'],
  'imp-shared-out': ['imp-reader-of-out', 'legacy-outside'],
  'imp-shared-chain': ['imp-shared', 'imp-vcs', 'imp-platform'],
  'imp-reader-1': ['legacy-outside'],
};

async function check(service: TestService, method: string, url: string, body: unknown, expected: number): Promise<any> {
  const response = await service.request(method, url, { body });
  if (response.status !== expected) throw new Error(`${method} ${url}: ${response.status} ${response.text}`);
  return response.body;
}

async function populate(service: TestService): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const create = async (fixture: Fixture) => {
    const { id } = await createWorkspace(service, fixture.attributes, workspaceRelationships({ project: fixture.project, tagBindings: fixture.bindings }));
    ids.set(fixture.attributes.name as string, id);
    if (fixture.flatTags) await addFlatTags(service, id, fixture.flatTags);
    if (fixture.sshKey)
      await check(service, 'PATCH', `/workspaces/${id}/relationships/ssh-key`, { data: { type: 'workspaces', attributes: { id: 'sshkey-deploy' } } }, 200);
    if (fixture.vcsApp)
      await check(
        service,
        'PATCH',
        `/workspaces/${id}`,
        { data: { type: 'workspaces', attributes: { 'vcs-repo': { 'vcsapp-installation-id': fixture.vcsApp } } } },
        200,
      );
  };
  for (const fixture of [...FIXTURES, { attributes: { name: 'legacy-outside', description: 'not imported' } }]) await create(fixture);
  for (const [name, consumers] of Object.entries(CONSUMERS)) {
    await addRemoteStateConsumers(
      service,
      ids.get(name)!,
      consumers.map((c) => ids.get(c)!),
    );
  }
  return ids;
}

/** Everything the API tells about the workspaces that a deploy could have changed. */
async function snapshot(service: TestService, ids: Map<string, string>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, id] of [...ids].sort()) {
    const ws = (await check(service, 'GET', `/workspaces/${id}`, undefined, 200)).data;
    const { 'updated-at': _updated, ...attributes } = ws.attributes;
    attributes['tag-names'] = [...attributes['tag-names']].sort();
    const bindings = (await check(service, 'GET', `/workspaces/${id}/tag-bindings`, undefined, 200)).data
      .map((b: any) => `${b.attributes.key}=${b.attributes.value}`)
      .sort();
    const consumers = (await check(service, 'GET', `/workspaces/${id}/relationships/remote-state-consumers?page[size]=100`, undefined, 200)).data
      .map((w: any) => w.id)
      .sort();
    const rel = (key: string) => ws.relationships[key]?.data?.id ?? null;
    out[name] = { attributes, project: rel('project'), agentPool: rel('agent-pool'), sshKey: rel('ssh-key'), bindings, consumers };
  }
  return out;
}

/** Workspaces + own bindings + consumer lists (not of the global one) under the filter. */
const IMPORTED_RESOURCES = FIXTURES.length + FIXTURES.reduce((n, f) => n + Object.keys(f.bindings ?? {}).length, 0) + Object.keys(CONSUMERS).length;

describeWith('terraform')('cdkws import round trip', () => {
  const service = useService();
  let ids: Map<string, string>;
  let before: Record<string, unknown>;
  let env: NodeJS.ProcessEnv;
  const dirs: string[] = [];
  const app = (prefix: string) => {
    const dir = emptyApp(prefix);
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    ids = await populate(service);
    before = await snapshot(service, ids);
    env = service.cliEnv(TOKENS.owner, { CHECKPOINT_DISABLE: '1' });
  }, 120_000);

  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('imports 40 workspaces: only imports in the first diff, nothing after deploy, nothing changed on the service', async () => {
    const dir = app('cdkws-import-');
    const imported = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'imp*');
    expect(imported.stderr).toContain(`Wrote ${FIXTURES.length} workspaces to imported-workspaces.ts`);
    expect(imported.code).toBe(0);
    const lines = imported.stdout.trim().split('\n');
    expect(lines).toEqual(["import { ImportedWorkspaces } from './imported-workspaces';", "new ImportedWorkspaces(stack, 'imported');"]);
    const source = readFileSync(path.join(dir, 'imported-workspaces.ts'), 'utf8');
    // Inherited project bindings (cost-center, owner of prj-platform) are not the workspace's own.
    expect(source).toMatch(/this\.impPlatformAgent = new Workspace\(this, 'imp-platform-agent', \{[^}]*tags: \{\n\s+team: 'platform',\n\s+\},/);
    expect(source).toContain(`'${ids.get('legacy-outside')}', // workspace "legacy-outside", not imported here`);
    expect(source).not.toContain(TOKENS.owner);
    addImportedLines(dir, lines);

    const first = await cdkws(dir, env, 'diff', '--json', 'plan.json', '--markdown', 'plan.md');
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.stdout).toContain(`Stack platform: ${IMPORTED_RESOURCES} to import, 0 to add, 0 to change, 0 to destroy`);
    expect(first.code).toBe(2);
    const plan = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8'));
    // One row per imported workspace, its bindings and consumer list imported with it.
    expect(plan.stacks[0].workspaces).toHaveLength(FIXTURES.length);
    const actions = plan.stacks[0].workspaces.flatMap((row: any) => [row.action, ...row.resources.map((r: any) => r.action)]);
    expect(new Set(actions)).toEqual(new Set(['import']));
    expect(actions).toHaveLength(IMPORTED_RESOURCES);
    expect(plan.stacks[0].others).toEqual([]);
    // A few lines per workspace, naming what is adopted, with no attribute listing: a workspace
    // adopted with resources of its own has its row; those adopted alone share one row naming them all.
    const summary = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    const rows = summary.split('\n').filter((line) => line.startsWith('| 🔵 | '));
    const alone = FIXTURES.map((f) => f.attributes.name as string).filter(
      (name) => !plan.stacks[0].workspaces.find((w: any) => w.workspace === name).resources.length,
    );
    expect(alone.length).toBeGreaterThan(1);
    const grouped = rows.filter((row) => row.includes('<details>'));
    expect(grouped).toHaveLength(1);
    const named = /^\| 🔵 \| <details><summary>(\d+) workspaces<\/summary>(.*)<\/details> \| \*\*imported as it is\*\* \|$/.exec(grouped[0])!;
    expect(Number(named[1])).toBe(alone.length);
    expect(named[2].split(', ').sort()).toEqual(alone.map((name) => `${name} (\`platform/imported/${name}\`)`).sort());
    const own = rows.filter((row) => !row.includes('<details>'));
    expect(own).toHaveLength(FIXTURES.length - alone.length);
    for (const row of own) expect(row).toMatch(/^\| 🔵 \| ([\w-]+) \(`platform\/imported\/\1`\) \| \*\*imported as it is\*\*(<br>`<- [^`]+`)+ \|$/);
    expect(summary.slice(0, summary.indexOf('<details><summary>Full plan')).length).toBeLessThan(FIXTURES.length * 200);

    const deployed = await cdkws(dir, env, 'deploy', '--auto-approve');
    expect(deployed.stderr).not.toMatch(/Error/);
    expect(deployed.code).toBe(0);
    expect(deployed.stdout).toContain(`platform: deployed: ${IMPORTED_RESOURCES} imported, 0 added, 0 changed, 0 destroyed`);
    // Progress counts the imports, not "0 of N" changes that will never come.
    expect(deployed.stderr).toContain(`Deploying platform (${IMPORTED_RESOURCES} imported)`);
    expect(deployed.stderr).not.toMatch(/\b0 of \d+/);

    const again = await cdkws(dir, env, 'diff');
    expect(again.stdout).toContain('Stack platform: no changes.');
    expect(again.code).toBe(0);
    expect(await snapshot(service, ids)).toEqual(before);
  }, 900_000);

  it('works with the engine itself: terraform in the synthesized stack imports, then plans nothing', async () => {
    // What `cdktf diff/deploy` run in cdktf.out/stacks/<stack>, with the provider from `cdkws provider install`.
    const dir = app('cdkws-import-engine-');
    const imported = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'imp-shared*', '--out', 'src/shared.ts');
    expect(imported.code).toBe(0);
    const lines = imported.stdout.trim().split('\n');
    expect(lines[0]).toBe("import { ImportedWorkspaces } from './src/shared';");
    addImportedLines(dir, lines);
    expect((await cdkws(dir, env, 'synth')).code).toBe(0);
    const install = await cdkws(dir, env, 'provider', 'install', '--dir', path.join(dir, '.providers'));
    expect(install.code).toBe(0);
    const cliConfig = /^export TF_CLI_CONFIG_FILE=(.+)$/m.exec(install.stdout)![1].replace(/^'|'$/g, '');
    const stackDir = path.join(dir, 'cdktf.out', 'stacks', 'platform');
    const tfEnv = { ...env, TF_CLI_CONFIG_FILE: cliConfig, TF_IN_AUTOMATION: '1' };
    const terraform = (...args: string[]) => run(stackDir, tfEnv, TERRAFORM, [...args, '-no-color', '-input=false']);
    expect((await terraform('init')).code).toBe(0);
    const plan = await terraform('plan', '-detailed-exitcode');
    // imp-shared, imp-shared-chain, imp-shared-out and their three consumer lists.
    expect(plan.stdout).toContain('Plan: 6 to import, 0 to add, 0 to change, 0 to destroy.');
    expect(plan.code).toBe(2);
    const applied = await terraform('apply', '-auto-approve');
    expect(applied.stdout).toContain('Apply complete! Resources: 6 imported, 0 added, 0 changed, 0 destroyed.');
    const next = await terraform('plan', '-detailed-exitcode');
    expect({ code: next.code, output: next.code === 0 ? '' : next.stdout + next.stderr }).toEqual({ code: 0, output: '' });
    expect(await snapshot(service, ids)).toEqual(before);
  }, 600_000);

  it('says so and writes nothing when the filter matches no workspace', async () => {
    const dir = app('cdkws-import-none-');
    const result = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'nothing-like-this*', '--tag', 'prod');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'no workspace of organization "acme" matches name "nothing-like-this*", flat tag "prod": nothing to import, no file written',
    );
    expect(existsSync(path.join(dir, 'imported-workspaces.ts'))).toBe(false);
  });

  it('cdkws init --import makes an app whose main.ts includes the imported module, and plans only imports', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cdkws-init-import-'));
    dirs.push(root);
    const dir = path.join(root, 'platform');
    const made = await cdkws(root, env, 'init', dir, '--organization', ORG, '--import', '--name', 'imp*', '--no-install');
    expect(made.stderr).not.toMatch(/Error/);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`imported ${FIXTURES.length} workspaces of acme into imported-workspaces.ts`);
    const main = readFileSync(path.join(dir, 'main.ts'), 'utf8');
    expect(main).toContain("import { ImportedWorkspaces } from './imported-workspaces';");
    expect(main).toMatch(/const stack = new WorkspacesStack\(app, 'workspaces', \{ organization: 'acme' \}\);\n\nnew ImportedWorkspaces\(stack, 'imported'\);/);
    // No first workspace of its own: the first diff adds nothing.
    expect(main).not.toContain('new Workspace(');
    // Run the app with this checkout instead of an npm install, as the example project does.
    const project = createExampleProject('cdkws-init-import-modules-');
    dirs.push(project);
    cpSync(path.join(project, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(dir, 'cdktf.json'), readFileSync(path.join(project, 'cdktf.json'), 'utf8'));
    const diff = await cdkws(dir, env, 'diff');
    expect(diff.stdout).toContain(`Stack workspaces: ${IMPORTED_RESOURCES} to import, 0 to add, 0 to change, 0 to destroy`);
    expect(diff.code).toBe(2);
  }, 600_000);

  it('cdkws init --import leaves nothing behind when nothing matches', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cdkws-init-import-none-'));
    dirs.push(root);
    const result = await cdkws(root, env, 'init', 'app', '--organization', ORG, '--import', '--name', 'nothing-like-this*', '--no-install');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing to import, no file written');
    expect(existsSync(path.join(root, 'app'))).toBe(false);
  });

  it('applies the flat tag and project filters on the service', async () => {
    const dir = app('cdkws-import-filters-');
    const result = await cdkws(dir, env, 'import', '--organization', ORG, '--tag', 'prod', '--out', 'prod.ts');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Wrote 1 workspace to prod.ts');
    expect(readFileSync(path.join(dir, 'prod.ts'), 'utf8')).toContain("new Workspace(this, 'imp-flat',");
    const inProject = await cdkws(dir, env, 'import', '--organization', ORG, '--project', 'prj-platform', '--out', 'platform.ts');
    expect(inProject.code).toBe(0);
    const source = readFileSync(path.join(dir, 'platform.ts'), 'utf8');
    expect(source.match(/= new Workspace\(/g)).toHaveLength(2);
    expect(source).toContain('projectId: \'prj-platform\', // project "platform"');
  });

  it('refuses bad arguments with exit 2 and service refusals with exit 1, writing nothing', async () => {
    const dir = app('cdkws-import-errors-');
    const file = path.join(dir, 'imported-workspaces.ts');
    const missing = await cdkws(dir, env, 'import');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--organization is required');
    const badName = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'a*b c');
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('"*" only at the start or the end');
    const badProject = await cdkws(dir, env, 'import', '--organization', ORG, '--project', 'platform');
    expect(badProject.code).toBe(2);
    expect(badProject.stderr).toContain('give the ID ("prj-…")');
    const unknown = await cdkws(dir, env, 'import', '--organization', ORG, '--bogus');
    expect(unknown.code).toBe(2);
    const noOrg = await cdkws(dir, env, 'import', '--organization', 'no-such-org');
    expect(noOrg.code).toBe(1);
    expect(noOrg.stderr).toContain('organization "no-such-org" was not found, or the token cannot see it');
    const badToken = await cdkws(dir, { ...env, CDKWS_TOKEN: 'not-a-token-9f1c' }, 'import', '--organization', ORG);
    expect(badToken.code).toBe(1);
    expect(`${badToken.stdout}${badToken.stderr}`).not.toContain('not-a-token-9f1c');
    expect(existsSync(file)).toBe(false);

    writeFileSync(file, '// mine\n');
    const exists = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'imp-plain');
    expect(exists.code).toBe(2);
    expect(exists.stderr).toContain('imported-workspaces.ts already exists: pass --force to overwrite it');
    expect(readFileSync(file, 'utf8')).toBe('// mine\n');
    const forced = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'imp-plain', '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain("new Workspace(this, 'imp-plain',");
  }, 120_000);
});
