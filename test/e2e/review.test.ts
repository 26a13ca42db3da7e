// End to end, as a reviewer meets it: the real CLI, terraform and service, in a copy of
// examples/platform. After a deploy, someone changes a workspace by hand: `cdkws diff` shows that
// apart (drift). A policy error stops diff and deploy before anything reaches the service, and the
// summary says so; a suppression with its reason is listed; a broken app still yields a summary.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ORG } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

const POLICY = `
Policy.apply(app, {
  rules: [
    PolicyRules.noAutoApply({ env: 'prod' }),
    PolicyRules.engineVersionPinned({ severity: 'warning' }),
  ],
});
`;

/** The example with a policy applied to the app (before its app.synth()). */
const withPolicy = (source: string) => `import { Policy, PolicyRules } from 'cdk-workspaces';\n${source.replace('app.synth();', `${POLICY}\napp.synth();`)}`;

describeWith('terraform')('reviewing changes with cdkws diff', () => {
  const service = useService();
  let project: string;
  let env: NodeJS.ProcessEnv;
  let main: string;
  let original: string;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const file = (name: string) => path.join(project, name);
  const description = async (name: string) => (await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).body.data.attributes.description;

  beforeAll(async () => {
    project = createExampleProject('cdkws-review-');
    env = service.cliEnv();
    main = file('main.ts');
    original = readFileSync(main, 'utf8');
    const deployed = await run('deploy', '--auto-approve');
    expect(deployed.code).toBe(0);
  }, 5 * 60_000);

  afterAll(async () => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('shows a change made through the API since the deploy apart from the changes of the pull request', async () => {
    const staging = (await service.request('GET', `/organizations/${ORG}/workspaces/networking-staging`)).body.data;
    const patched = await service.request('PATCH', `/workspaces/${staging.id}`, {
      body: { data: { type: 'workspaces', attributes: { description: 'changed by hand', 'auto-apply': true } } },
    });
    expect(patched.status).toBe(200);

    const result = await run('diff', '--markdown', file('plan.md'), '--json', file('plan.json'));
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Stack platform: changed outside of code since the last deploy (not part of this change):');
    const markdown = readFileSync(file('plan.md'), 'utf8');
    const drift = markdown.slice(markdown.indexOf('#### Changed outside of code since the last deploy'));
    expect(drift).toContain('- workspace networking-staging:');
    expect(drift).toContain('  - `auto_apply: false → true`');
    expect(drift).toContain('  - `description: "VPCs, subnets and DNS for staging" → "changed by hand"`');
    // The plan sets the hand-made change back: marked so in the workspace's row, not read as a change of the pull request.
    expect(markdown).toContain(
      '| 🟡 | networking-staging | `auto_apply: true → false (sets back a change made outside of code)`<br>`description: "changed by hand" → "VPCs, subnets and DNS for staging" (sets back a change made outside of code)` |',
    );
    const json = JSON.parse(readFileSync(file('plan.json'), 'utf8'));
    expect(json.stacks[0].drift).toEqual([
      {
        address: 'cdkws_workspace.networking-staging',
        type: 'cdkws_workspace',
        name: 'networking-staging',
        action: 'update',
        workspace: 'networking-staging',
        attributes: [
          { name: 'auto_apply', before: false, after: true, forcesReplacement: false },
          { name: 'description', before: 'VPCs, subnets and DNS for staging', after: 'changed by hand', forcesReplacement: false },
        ],
      },
    ]);
  });

  it('stops synth, diff and deploy on a policy error, before anything reaches the service, and puts the findings in the summary', async () => {
    writeFileSync(main, withPolicy(original));
    const synthesized = await run('synth');
    expect(synthesized.code).toBe(1);
    expect(synthesized.stderr).toContain('no-auto-apply');
    const deployed = await run('deploy', '--auto-approve');
    expect(deployed.code).toBe(1);
    expect(deployed.stderr).toContain('cdkws deploy: policy check failed with 1 error (nothing was sent to the service):');
    expect(deployed.stderr).toContain(
      'platform/networking-prod (workspace networking-prod): no-auto-apply: autoApply: autoApply is true on a workspace tagged env=prod; fix: ',
    );
    expect(deployed.stderr).toContain('✘ Synthesizing failed');
    expect(deployed.stderr).not.toContain('Initializing');
    // The deploy would have set the hand-made description back: it is still there.
    expect(await description('networking-staging')).toBe('changed by hand');

    const result = await run('diff', '--markdown', file('plan.md'));
    expect(result.code).toBe(1);
    const markdown = readFileSync(file('plan.md'), 'utf8');
    expect(markdown).toMatch(/^### ❌ cdkws diff failed: policy\n/);
    expect(markdown).toContain('### Policy: 1 error, 5 warnings');
    expect(markdown).toContain('| ❌ error | `no-auto-apply` | `platform/networking-prod` (networking-prod) | `autoApply` |');
    expect(markdown).toContain('| ⚠️ warning | `engine-version-pinned` | `platform/data-warehouse` (data-warehouse) | `engineVersion` |');
  });

  it('lists a suppression with its reason, and shows warnings in the console and the summary', async () => {
    const suppressed = original.replace(
      "new TagBinding(stack, 'networking-prod-cost-center'",
      "Policy.suppress(networkingProd, 'no-auto-apply', 'networking applies on merge by design');\nnew TagBinding(stack, 'networking-prod-cost-center'",
    );
    writeFileSync(main, withPolicy(suppressed));
    const result = await run('diff', '--markdown', file('plan.md'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'Policy warning: platform/networking-prod (workspace networking-prod): engine-version-pinned: engineVersion: engineVersion is not set',
    );
    expect(result.stderr).toContain('Policy suppressed: no-auto-apply on platform/networking-prod (1 finding): networking applies on merge by design');
    const markdown = readFileSync(file('plan.md'), 'utf8');
    expect(markdown).toContain('### Policy: 0 errors, 5 warnings');
    expect(markdown).toContain('- `no-auto-apply` on `platform/networking-prod` (1 finding): networking applies on merge by design');
  });

  it('names a workspace the app does not manage, found with one listing of the organization, instead of its ID', async () => {
    const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: 'audit-reader' } } },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    writeFileSync(main, original.replace('consumers: [paymentsStaging],', `consumers: [paymentsStaging, '${id}'],`));
    try {
      const result = await run('diff', '--markdown', file('plan.md'), '--json', file('plan.json'));
      expect(result.code).toBe(2);
      const markdown = readFileSync(file('plan.md'), 'utf8');
      // A set: the order of the names follows the IDs'.
      // In the row of the workspace whose state is read, named by the construct path written in the app.
      expect(markdown).toMatch(
        /\| 🟡 \| networking-staging \| .*`~ platform\/networking-staging-readers: consumer_ids: \["payments-api-staging"\] → \[("audit-reader", "payments-api-staging"|"payments-api-staging", "audit-reader")\]` \|/,
      );
      // Only Terraform's own full plan, collapsed at the end, still shows the ID.
      expect(markdown.slice(0, markdown.indexOf('<details>'))).not.toContain(id);
    } finally {
      writeFileSync(main, original);
    }
  });

  it('writes a summary naming the failed synth and the first lines of its error', async () => {
    writeFileSync(main, `${original}\nthrow new Error('the app is broken on purpose');\n`);
    const result = await run('diff', '--markdown', file('plan.md'), '--json', file('plan.json'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^cdkws diff: the app command .* failed/m);
    const markdown = readFileSync(file('plan.md'), 'utf8');
    expect(markdown).toMatch(/^### ❌ cdkws diff failed: synth\n\n```text\nthe app command .* failed \(exit 1\):/);
    expect(markdown).toContain('the app is broken on purpose');
    expect(JSON.parse(readFileSync(file('plan.json'), 'utf8'))).toMatchObject({ changes: false, error: { step: 'synth' }, stacks: [] });
    writeFileSync(main, original);
  });
});
