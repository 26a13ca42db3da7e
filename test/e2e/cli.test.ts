// End to end: the cdkws CLI drives Terraform and the provider against the real service, in a copy
// of examples/platform: synth → diff (markdown checked) → deploy → empty diff → one prop changed →
// diff shows exactly that → destroy.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

const WORKSPACES = ['data-warehouse', 'networking-prod', 'networking-staging', 'payments-api-prod', 'payments-api-staging'];

describeWith('terraform')('cdkws against the real service', () => {
  const service = useService();
  let project: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const markdownFile = () => path.join(project, 'plan.md');
  const jsonFile = () => path.join(project, 'plan.json');

  beforeAll(async () => {
    project = createExampleProject('cdkws-e2e-');
    env = service.cliEnv();
  });

  afterAll(async () => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('synthesizes the example into cdktf.out with the provider configured and no token', async () => {
    const result = await run('synth');
    expect(result).toMatchObject({ code: 0 });
    const file = path.join(project, 'cdktf.out', 'stacks', 'platform', 'cdk.tf.json');
    expect(result.stdout).toContain('platform\tcdktf.out/stacks/platform/cdk.tf.json');
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text).provider.cdkws).toEqual([{ organization: 'acme' }]);
    expect(text).not.toContain(TOKENS.owner);
  });

  it('lists the stack', async () => {
    const result = await run('list');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^platform\t/);
  });

  it('diffs the new workspaces with exit code 2 and writes the pull-request summary', async () => {
    const result = await run('diff', '--markdown', markdownFile(), '--json', jsonFile());
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Stack platform: 20 to add, 0 to change, 0 to destroy');
    // Off a terminal the plan's end line carries the count Terraform reached, and no total it did not tell.
    expect(result.stderr).toMatch(/✔ Planning platform \(20 resources planned\)/);
    const markdown = readFileSync(markdownFile(), 'utf8');
    expect(markdown).toMatch(/^### cdkws diff: platform\n\n\*\*20 to add, 0 to change, 0 to destroy\*\*\n/);
    expect(markdown).toContain('| | workspace | changes |');
    // Rows of the workspace table (the table of other resources names them in code spans).
    const rows = markdown.split('\n').filter((line) => line.startsWith('| 🟢 | ') && !line.startsWith('| 🟢 | `'));
    expect(rows.map((row) => row.split(' | ')[1])).toEqual([...WORKSPACES].sort());
    // The row of a workspace holds what belongs to it, named by the construct path written in the app.
    const prodRow = rows.find((row) => row.startsWith('| 🟢 | networking-prod |'));
    expect(prodRow).toContain('`+ platform/networking-prod-cost-center: key: "cost-center", value: "42"`');
    expect(prodRow).toContain('`+ platform/networking-prod-readers: consumer_ids: ["payments-api-prod", "data-warehouse"] (ID known after apply)`');
    expect(prodRow).toContain('`+ tag-env: key: "env", value: "prod"`');
    expect(prodRow).toContain('`vcs_repo: {branch: "main", identifier: "acme/networking", ingress_submodules: false, oauth_token_id: "ot-github"}`');
    // The change request of three workspaces is listed apart, with its workspaces.
    expect(markdown).toContain('| 🟢 | `platform/engine-upgrade` | networking-prod, payments-api-prod, data-warehouse | ');
    expect(markdown).toMatch(/<details><summary>Full plan<\/summary>[\s\S]*cdkws_workspace\.networking-prod will be created[\s\S]*<\/details>\n$/);
    expect(markdown).not.toContain('⚠️');
    const json = JSON.parse(readFileSync(jsonFile(), 'utf8'));
    expect(json).toMatchObject({ changes: true, stacks: [{ stack: 'platform', add: 20, change: 0, destroy: 0 }] });
    for (const text of [markdown, result.stdout, result.stderr]) expect(text).not.toContain(TOKENS.owner);
  });

  it('deploys the workspaces, their tags and consumers to the service', async () => {
    const result = await run('deploy', '--auto-approve');
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('platform: deployed');
    for (const name of WORKSPACES) {
      const shown = await service.request('GET', `/organizations/${ORG}/workspaces/${name}`);
      expect({ name, status: shown.status }).toEqual({ name, status: 200 });
    }
    const prod = (await service.request('GET', `/organizations/${ORG}/workspaces/networking-prod`)).body.data;
    expect(prod.attributes['auto-apply']).toBe(true);
    expect([...prod.attributes['tag-names']].sort()).toEqual(['networking', 'prod']);
    const bindings = await service.request('GET', `/workspaces/${prod.id}/tag-bindings`);
    const tags = Object.fromEntries(bindings.body.data.map((b: any) => [b.attributes.key, b.attributes.value]));
    expect(tags).toEqual({ 'cost-center': '42', env: 'prod', team: 'networking' });
    const consumers = await service.request('GET', `/workspaces/${prod.id}/relationships/remote-state-consumers`);
    expect(consumers.body.data.map((w: any) => w.attributes.name).sort()).toEqual(['data-warehouse', 'payments-api-prod']);
    const requests = await service.request('GET', `/workspaces/${prod.id}/change-requests`);
    expect(requests.body.data.map((cr: any) => cr.attributes.subject)).toEqual(['Upgrade the engine to 1.11']);
  });

  it('finds nothing to change right after deploy, with exit code 0', async () => {
    const result = await run('diff', '--markdown', markdownFile(), '--json', jsonFile());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Stack platform: no changes.');
    expect(readFileSync(markdownFile(), 'utf8')).toContain('**No changes.** The workspaces match the configuration.');
    expect(JSON.parse(readFileSync(jsonFile(), 'utf8'))).toMatchObject({
      changes: false,
      stacks: [{ add: 0, change: 0, destroy: 0, workspaces: [], others: [] }],
    });
  });

  it('shows exactly the one attribute a code change touches', async () => {
    const main = path.join(project, 'main.ts');
    const before = readFileSync(main, 'utf8');
    const after = before.replace("description: 'Payments API, staging',", "description: 'Payments API, staging (frozen)',");
    expect(after).not.toBe(before);
    writeFileSync(main, after);
    const result = await run('diff', '--markdown', markdownFile(), '--json', jsonFile());
    expect(result.code).toBe(2);
    const json = JSON.parse(readFileSync(jsonFile(), 'utf8'));
    expect(json.stacks[0].workspaces).toEqual([
      {
        workspace: 'payments-api-staging',
        path: 'platform/payments-api-staging',
        address: 'cdkws_workspace.payments-api-staging',
        action: 'update',
        attributes: [{ name: 'description', before: 'Payments API, staging', after: 'Payments API, staging (frozen)', forcesReplacement: false }],
        resources: [],
      },
    ]);
    const markdown = readFileSync(markdownFile(), 'utf8');
    expect(markdown).toContain('**0 to add, 1 to change, 0 to destroy**');
    expect(markdown).toContain('| 🟡 | payments-api-staging | `description: "Payments API, staging" → "Payments API, staging (frozen)"` |');
  });

  it('refuses to deploy off a terminal without --auto-approve', async () => {
    const result = await run('deploy');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --auto-approve');
  });

  it('destroys everything the stack manages, saying so in one line, with N of M progress', async () => {
    const result = await run('destroy', '--auto-approve');
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Stack platform: 0 to add, 0 to change, 20 to destroy');
    expect(result.stdout).toContain(
      'Warning: this destroys 20 resources, including 5 workspaces and their state (data-warehouse, networking-prod, networking-staging, payments-api-prod, payments-api-staging)',
    );
    expect(result.stdout.match(/Warning/g)).toHaveLength(1);
    // Each line names the resource as the summary does, never by its generated address.
    expect(result.stderr).toContain('[20 of 20 changes] ');
    expect(result.stderr).toContain('] workspace networking-prod: Destruction complete');
    expect(result.stderr).toContain('] platform/networking-prod/tag-env: Destruction complete');
    expect(result.stderr).not.toMatch(/_[0-9A-F]{8}:/);
    expect(result.stderr).toMatch(/✔ Destroying platform \(20 of 20 changes\)/);
    for (const name of WORKSPACES) {
      const shown = await service.request('GET', `/organizations/${ORG}/workspaces/${name}`);
      expect({ name, status: shown.status }).toEqual({ name, status: 404 });
    }
  });

  it('exits 1 when Terraform fails, writing a summary of what failed and never printing the token', async () => {
    writeFileSync(markdownFile(), 'stale');
    // No address anywhere: the provider's configuration fails during the plan.
    const badEnv: NodeJS.ProcessEnv = { ...env, CDKWS_TOKEN: 'never-print-me-4f2a' };
    delete badEnv.CDKWS_ADDRESS;
    delete badEnv.TFE_HOSTNAME;
    const result = await cdkws(project, badEnv, 'diff', '--markdown', markdownFile(), '--json', jsonFile());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('terraform plan failed for stack "platform"');
    expect(result.stderr).toContain('no service address');
    expect(result.stderr).toContain('✘ Planning platform failed');
    expect(result.stderr).not.toContain('✔ Planning');
    const markdown = readFileSync(markdownFile(), 'utf8');
    expect(markdown).toMatch(/^### ❌ cdkws diff failed: plan for stack platform\n\n```text\nterraform plan failed for stack "platform"/);
    expect(markdown).toContain('no service address');
    expect(JSON.parse(readFileSync(jsonFile(), 'utf8'))).toMatchObject({ changes: false, error: { step: 'plan', stack: 'platform' } });
    for (const text of [markdown, readFileSync(jsonFile(), 'utf8'), result.stdout, result.stderr]) expect(text).not.toContain('never-print-me-4f2a');
  });
});
