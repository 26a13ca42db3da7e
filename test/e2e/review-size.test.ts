// End to end, at the size of a real pull request: an app that deployed a dozen workspaces now
// removes them and declares 150 new ones. The real CLI, terraform and service; the summary must fit
// a pull-request comment and still name every workspace the change destroys.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ORG } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

const OLD = Array.from({ length: 12 }, (_, i) => `retired-${String(i).padStart(2, '0')}`);
const NEW_COUNT = 150;
/** What a GitHub comment holds is 65,536 characters; the CLI's default limit stays below it. */
const DEFAULT_LIMIT = 65_000;

function app(names: string[]): string {
  const workspaces = names
    .map(
      (name) =>
        `new Workspace(stack, ${JSON.stringify(name)}, { name: ${JSON.stringify(name)}, description: 'Workspace ${name} of the platform team, with a description long enough to take room', executionMode: 'remote', tagNames: ['platform', 'generated'], tags: { team: 'platform', env: 'staging' }, workingDirectory: 'envs/${name}' });`,
    )
    .join('\n');
  return `import { App } from 'cdktf';
import { Workspace, WorkspacesStack } from 'cdk-workspaces';

const app = new App();
const stack = new WorkspacesStack(app, 'platform', { organization: '${ORG}' });
${workspaces}
app.synth();
`;
}

describeWith('terraform')('a pull-request summary of 150 new and 12 destroyed workspaces', () => {
  const service = useService();
  let project: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const file = (name: string) => path.join(project, name);

  beforeAll(async () => {
    project = createExampleProject('cdkws-review-size-');
    env = service.cliEnv();
    writeFileSync(file('main.ts'), app(OLD));
    const deployed = await run('deploy', '--auto-approve');
    if (deployed.code !== 0) throw new Error(`cdkws deploy exited ${deployed.code}:\n${deployed.stderr.slice(-4000)}`);
    writeFileSync(file('main.ts'), app(Array.from({ length: NEW_COUNT }, (_, i) => `team-${String(i).padStart(3, '0')}`)));
  }, 5 * 60_000);

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it(
    'fits the default limit, keeps the counts and every destroyed workspace, and says where the full report is',
    async () => {
      const result = await run('diff', '--markdown', file('plan.md'), '--markdown-full', file('plan-full.md'));
      expect(result.code).toBe(2);
      const summary = readFileSync(file('plan.md'), 'utf8');
      const full = readFileSync(file('plan-full.md'), 'utf8');
      expect(full.length).toBeGreaterThan(DEFAULT_LIMIT);
      expect(summary.length).toBeLessThanOrEqual(DEFAULT_LIMIT);
      // Each workspace comes with its two tag bindings.
      expect(summary).toMatch(/450 to add, 0 to change, 36 to destroy/);
      for (const name of OLD) expect(summary).toContain(name);
      // Destroys come before anything else.
      expect(summary.indexOf('retired-00')).toBeLessThan(summary.indexOf('team-000') === -1 ? Infinity : summary.indexOf('team-000'));
      expect(summary).toContain('plan-full.md');
      // Nothing was sent: the retired workspaces are still there.
      expect((await service.request('GET', `/organizations/${ORG}/workspaces/${OLD[0]}`)).status).toBe(200);
    },
    5 * 60_000,
  );

  it(
    'still names every destroyed workspace at a limit of 8,000 characters',
    async () => {
      const result = await run('diff', '--markdown', file('plan-small.md'), '--max-chars', '8000');
      expect(result.code).toBe(2);
      const summary = readFileSync(file('plan-small.md'), 'utf8');
      expect(summary.length).toBeLessThanOrEqual(8000);
      expect(summary).toMatch(/450 to add, 0 to change, 36 to destroy/);
      for (const name of OLD) expect(summary).toContain(name);
    },
    5 * 60_000,
  );
});
