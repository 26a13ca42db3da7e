// End to end, at the size of a real pull request (issue 26): an app of 150 workspaces (460
// resources) is deployed, then a pull request changes 147 of them and removes 3. The real CLI,
// terraform and service. The summary has one row per workspace, names resources by the construct
// path written in the app, is at most half the size of the summary before rows by workspace, and
// loses nothing: every change's values, every destroy by name.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { typicalAppSource, typicalWorkspaceName, TYPICAL_REMOVED, TYPICAL_WORKSPACES } from '../../bench/typical-app';
import { cdkws } from '../helpers/cli';
import { ORG } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

/**
 * The summary of this same pull request before rows by workspace (a row per resource, hashed
 * addresses, an attribute section per resource), measured with the CLI of commit ca26d89.
 */
const CHARACTERS_BEFORE = 58_292;
const KEPT = TYPICAL_WORKSPACES - TYPICAL_REMOVED;
const REMOVED = Array.from({ length: TYPICAL_REMOVED }, (_, i) => typicalWorkspaceName(KEPT + i));
/** A generated Terraform address of a nested construct ends in an 8-digit hash. */
const HASHED_ADDRESS = /cdkws_\w+\.[\w-]+_[0-9A-F]{8}\b/;

describeWith('terraform')('a pull-request summary of 147 changed and 3 removed workspaces, of 150', () => {
  const service = useService();
  let project: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const file = (name: string) => path.join(project, name);

  beforeAll(async () => {
    project = createExampleProject('cdkws-review-size-');
    env = service.cliEnv();
    writeFileSync(file('main.ts'), typicalAppSource({ organization: ORG }));
    const deployed = await run('deploy', '--auto-approve');
    if (deployed.code !== 0) throw new Error(`cdkws deploy exited ${deployed.code}:\n${deployed.stderr.slice(-4000)}`);
    writeFileSync(file('main.ts'), typicalAppSource({ organization: ORG, pullRequest: true }));
  }, 10 * 60_000);

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it(
    'has a row per workspace, at most half the characters of before, with every change and every destroy named',
    async () => {
      const result = await run('diff', '--markdown', file('plan.md'), '--markdown-full', file('plan-full.md'), '--json', file('plan.json'));
      expect(result.code).toBe(2);
      const summary = readFileSync(file('plan.md'), 'utf8');
      expect(summary.length).toBeLessThanOrEqual(CHARACTERS_BEFORE / 2);
      expect(summary).toContain('**0 to add, 294 to change, 9 to destroy**');
      // Only Terraform's own plan text is left out: every value is there.
      expect(summary).toMatch(/_Shortened to fit 65,000 characters: left out the full plan text\. The full report is `.*plan-full\.md`\._\n$/);
      expect(summary).not.toMatch(HASHED_ADDRESS);

      const rows = summary.split('\n').filter((line) => /^\| [🔴🟠🟡🟢🔵] \|/u.test(line));
      expect(rows).toHaveLength(TYPICAL_WORKSPACES);
      process.stdout.write(`summary of ${TYPICAL_WORKSPACES} workspaces: ${summary.length} characters, ${rows.length} rows\n`);
      // Destroys first and loud: their rows lead the table, each with a warning of its own above it.
      expect(rows.slice(0, TYPICAL_REMOVED)).toEqual(
        REMOVED.map((name) => `| 🔴 | ${name} | **destroyed, with its state**<br>\`- tag binding "env"\`<br>\`- tag binding "team"\` |`),
      );
      for (const name of REMOVED) {
        expect(summary).toContain(
          `> ⚠️ **Warning:** workspace ${name} will be destroyed: the workspace and its state are deleted, with 2 resources of its own (cdkws_tag_binding)`,
        );
      }
      // A changed workspace's row: its attribute, then its tag binding by the construct path (relative to the workspace's).
      for (let i = 0; i < KEPT; i++) {
        const name = typicalWorkspaceName(i);
        expect(rows).toContain(
          `| 🟡 | ${name} | \`description: "Workspace ${name} of the platform team (v1)" → "Workspace ${name} of the platform team (v2)"\`<br>\`~ tag-env: value: "staging" → "production"\` |`,
        );
      }
    },
    5 * 60_000,
  );

  it('gives the same rows in --json, documented in docs/guide-review.md', () => {
    const json = JSON.parse(readFileSync(file('plan.json'), 'utf8'));
    expect(json.version).toBe(2);
    const [stack] = json.stacks;
    expect(stack).toMatchObject({ stack: 'platform', import: 0, add: 0, change: 294, destroy: 9, others: [] });
    expect(stack.workspaces).toHaveLength(TYPICAL_WORKSPACES);
    expect(stack.workspaces.slice(0, TYPICAL_REMOVED).map((row: { workspace: string; action: string }) => `${row.action} ${row.workspace}`)).toEqual(
      REMOVED.map((name) => `delete ${name}`),
    );
    const first = stack.workspaces.find((row: { workspace: string }) => row.workspace === typicalWorkspaceName(0));
    expect(first).toMatchObject({
      workspace: 'team-000',
      path: 'platform/team-000',
      address: 'cdkws_workspace.team-000',
      action: 'update',
      attributes: [{ name: 'description', after: 'Workspace team-000 of the platform team (v2)' }],
      resources: [
        {
          type: 'cdkws_tag_binding',
          name: 'tag-env',
          path: 'platform/team-000/tag-env',
          action: 'update',
          workspace: 'team-000',
          attributes: [{ name: 'value', before: 'staging', after: 'production', forcesReplacement: false }],
        },
      ],
    });
  }, 60_000);

  it(
    'still names every destroyed workspace at a limit of 3,000 characters',
    async () => {
      const result = await run('diff', '--markdown', file('plan-small.md'), '--max-chars', '3000');
      expect(result.code).toBe(2);
      const summary = readFileSync(file('plan-small.md'), 'utf8');
      expect(summary.length).toBeLessThanOrEqual(3000);
      expect(summary).toContain('**0 to add, 294 to change, 9 to destroy**');
      for (const name of REMOVED) expect(summary).toContain(`workspace ${name} will be destroyed`);
      expect(summary).not.toMatch(HASHED_ADDRESS);
      // The terminal shows the same rows: one line per workspace, then its changes.
      expect(result.stdout).toContain('  - workspace team-147: destroyed, with its state\n        - tag binding "env"\n        - tag binding "team"\n');
      expect(result.stdout).toContain(
        '  ~ workspace team-000\n        description: "Workspace team-000 of the platform team (v1)" → "Workspace team-000 of the platform team (v2)"\n        ~ tag-env: value: "staging" → "production"\n',
      );
      expect(result.stdout).not.toMatch(HASHED_ADDRESS);
    },
    5 * 60_000,
  );
});
