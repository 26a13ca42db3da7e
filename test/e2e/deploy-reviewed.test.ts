// End to end, as a pipeline meets it: the review job keeps its saved plan (`cdkws diff --save-plan`),
// the deploy job applies exactly that plan (`cdkws deploy --plan`). The deploy refuses, with nothing
// applied, when the state moved since the plan, when the app synthesizes to something else than
// what was reviewed, and when the plan destroys a workspace without --approve-destroy.
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

jest.setTimeout(5 * 60_000);

describeWith('terraform')('cdkws deploy --plan: applying exactly what was reviewed', () => {
  const service = useService();
  let project: string;
  let env: NodeJS.ProcessEnv;
  let main: string;
  let original: string;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const attributes = async (name: string) => (await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).body.data?.attributes;
  const edit = (from: string, to: string) => writeFileSync(main, readFileSync(main, 'utf8').replace(from, to));

  beforeAll(async () => {
    project = createExampleProject('cdkws-deploy-reviewed-');
    env = service.cliEnv();
    main = path.join(project, 'main.ts');
    original = readFileSync(main, 'utf8');
  });

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  afterEach(() => writeFileSync(main, original));

  it('applies the saved plan from another checkout of the same code, which plans nothing again', async () => {
    const reviewed = await run('diff', '--save-plan', 'reviewed', '--json', 'plan.json');
    expect(reviewed.code).toBe(2);
    const manifest = JSON.parse(readFileSync(path.join(project, 'reviewed', 'cdkws-plan.json'), 'utf8'));
    expect(manifest).toMatchObject({ version: 1, stacks: [{ stack: 'platform', changed: true }] });
    // The plan holds the prior state: owner-only.
    expect(statSync(path.join(project, 'reviewed', 'platform', 'cdkws.tfplan')).mode & 0o077).toBe(0);
    // The deploy job starts from a fresh checkout: no cdktf.out, no .terraform, only the artifact.
    rmSync(path.join(project, 'cdktf.out'), { recursive: true, force: true });
    const deployed = await run('deploy', '--plan', 'reviewed', '--auto-approve');
    expect(deployed.stderr).not.toContain('Planning platform');
    expect(deployed.code).toBe(0);
    expect(deployed.stdout).toContain('platform: deployed: 20 added, 0 changed, 0 destroyed');
    expect(await attributes('networking-staging')).toMatchObject({ description: 'VPCs, subnets and DNS for staging' });
    expect((await run('diff')).code).toBe(0);
  });

  it('refuses a plan whose state moved since, naming the stack and the fix, and applies nothing', async () => {
    edit('VPCs, subnets and DNS for staging', 'reviewed description');
    expect((await run('diff', '--save-plan', 'reviewed')).code).toBe(2);
    // Another deploy lands first (a newer change), so the state the plan was made from is gone.
    edit('reviewed description', 'a newer description');
    expect((await run('deploy', '--auto-approve')).code).toBe(0);
    edit('a newer description', 'reviewed description');
    const stale = await run('deploy', '--plan', 'reviewed', '--auto-approve');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('cdkws deploy: the reviewed plan of stack "platform" is stale: its state changed after the plan was made');
    expect(stale.stderr).toContain('Nothing was applied. Plan and review again');
    expect(await attributes('networking-staging')).toMatchObject({ description: 'a newer description' });
  });

  it('refuses a plan made from other code than the app here, naming what differs', async () => {
    edit('VPCs, subnets and DNS for staging', 'the reviewed text');
    expect((await run('diff', '--save-plan', 'reviewed')).code).toBe(2);
    edit('the reviewed text', 'a text nobody reviewed');
    const refused = await run('deploy', '--plan', 'reviewed', '--auto-approve');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'stack "platform": the app here synthesizes to a different configuration than the reviewed plan: resource cdkws_workspace.networking-staging (changed). Nothing was applied.',
    );
    expect(await attributes('networking-staging')).toMatchObject({ description: 'a newer description' });
    // Not a plan folder at all: refused before the synth.
    const missing = await run('deploy', '--plan', 'no-such-folder', '--auto-approve');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no-such-folder holds no reviewed plan (cdkws-plan.json is missing)');
  });

  it('refuses a plan that destroys a workspace without --approve-destroy, and names the approval at the top of the summary', async () => {
    writeFileSync(main, original.replace('app.synth();', "new Workspace(stack, 'retired', { name: 'retired', tags: { team: 'old' } });\napp.synth();"));
    expect((await run('deploy', '--auto-approve')).code).toBe(0);
    writeFileSync(main, original);
    const reviewed = await run('diff', '--save-plan', 'reviewed', '--markdown', 'plan.md', '--json', 'plan.json');
    expect(reviewed.code).toBe(2);
    const markdown = readFileSync(path.join(project, 'plan.md'), 'utf8');
    expect(markdown.split('\n')[0]).toBe('> 🛑 **Needs approval: this change destroys 1 workspace of stack platform (retired), with its state.**');
    expect(markdown).toContain('add the label `cdkws:approve-destroy` to this pull request');
    const json = JSON.parse(readFileSync(path.join(project, 'plan.json'), 'utf8'));
    expect(json.approval).toEqual({
      label: 'cdkws:approve-destroy',
      flag: '--approve-destroy',
      destroys: [{ stack: 'platform', kind: 'workspace', name: 'retired', address: 'cdkws_workspace.retired', action: 'delete' }],
    });
    // The artifact travels to another runner.
    cpSync(path.join(project, 'reviewed'), path.join(project, 'downloaded'), { recursive: true });
    for (const args of [
      ['deploy', '--plan', 'downloaded', '--auto-approve'],
      ['deploy', '--auto-approve'],
    ]) {
      const refused = await run(...args);
      expect({ args, code: refused.code }).toEqual({ args, code: 1 });
      expect(refused.stderr).toContain(
        'cdkws deploy: this deploy destroys 1 workspace of stack platform (retired), with its state, and was not approved: nothing was applied. Approve the removal with the label "cdkws:approve-destroy"',
      );
      expect(await attributes('retired')).toMatchObject({ name: 'retired' });
    }
    const approved = await run('deploy', '--plan', 'downloaded', '--auto-approve', '--approve-destroy');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('platform: deployed: 0 added, 0 changed, 2 destroyed');
    expect(await attributes('retired')).toBeUndefined();
    for (const text of [approved.stdout, approved.stderr, markdown]) expect(text).not.toContain(TOKENS.owner);
  });
});
