import { renderPlanMarkdown } from './plan-markdown';
import { renderText } from './plan-report';
import { summarizePlan, type PlanSummary } from './plan-summary';

const md = (summaries: PlanSummary[], texts: Record<string, string> = {}) =>
  renderPlanMarkdown({ stacks: summaries.map((summary) => ({ summary, text: texts[summary.stack] })), policy: [] });

/** A plan in Terraform's JSON representation: one of each kind of change. */
function plan(): any {
  return {
    prior_state: {
      values: {
        root_module: {
          resources: [
            { address: 'cdkws_workspace.app', type: 'cdkws_workspace', values: { id: 'ws-app', name: 'app' } },
            { address: 'cdkws_workspace.old', type: 'cdkws_workspace', values: { id: 'ws-old', name: 'old' } },
          ],
        },
      },
    },
    configuration: {
      root_module: {
        resources: [
          { address: 'cdkws_workspace.new', expressions: { name: { constant_value: 'new' }, auto_apply: { constant_value: true } } },
          {
            address: 'cdkws_tag_binding.team',
            expressions: { workspace_id: { references: ['cdkws_workspace.new.id', 'cdkws_workspace.new'] }, key: {}, value: {} },
          },
          { address: 'cdkws_tag_binding.cost', expressions: { workspace_id: { constant_value: 'ws-app' }, key: {}, value: {} } },
        ],
      },
    },
    resource_changes: [
      {
        address: 'cdkws_workspace.new',
        type: 'cdkws_workspace',
        change: { actions: ['create'], before: null, after: { name: 'new', auto_apply: true, allow_destroy_plan: true }, after_unknown: { id: true } },
      },
      {
        address: 'cdkws_workspace.app',
        type: 'cdkws_workspace',
        change: {
          actions: ['update'],
          before: { id: 'ws-app', name: 'app', description: 'a', auto_apply: false, token_like: 'old-secret' },
          after: { id: 'ws-app', name: 'app', description: 'b', auto_apply: false, token_like: 'new-secret' },
          after_unknown: {},
          before_sensitive: { token_like: true },
          after_sensitive: { token_like: true },
        },
      },
      { address: 'cdkws_workspace.old', type: 'cdkws_workspace', change: { actions: ['delete'], before: { id: 'ws-old', name: 'old' }, after: null } },
      {
        address: 'cdkws_tag_binding.cost',
        type: 'cdkws_tag_binding',
        change: {
          actions: ['delete', 'create'],
          before: { id: 'ws-app/cost', workspace_id: 'ws-app', key: 'cost', value: '1' },
          after: { workspace_id: 'ws-app', key: 'cost-center', value: '1' },
          after_unknown: { id: true },
          replace_paths: [['key']],
        },
      },
      {
        address: 'cdkws_tag_binding.team',
        type: 'cdkws_tag_binding',
        change: { actions: ['create'], before: null, after: { key: 'team', value: 'x' }, after_unknown: { id: true, workspace_id: true } },
      },
      { address: 'cdkws_workspace.same', type: 'cdkws_workspace', change: { actions: ['no-op'], before: { name: 'same' }, after: { name: 'same' } } },
    ],
  };
}

describe('summarizePlan', () => {
  const summary = summarizePlan('platform', plan());

  it('counts like terraform, a replacement being one add and one destroy', () => {
    expect([summary.add, summary.change, summary.destroy]).toEqual([3, 1, 2]);
  });

  it('lists destroys first, then replacements, updates and creates (by workspace name), and leaves out no-ops', () => {
    expect(summary.resources.map((r) => `${r.action} ${r.address}`)).toEqual([
      'delete cdkws_workspace.old',
      'replace cdkws_tag_binding.cost',
      'update cdkws_workspace.app',
      'create cdkws_tag_binding.team',
      'create cdkws_workspace.new',
    ]);
  });

  it('names the workspace of workspaces and of resources that reference one, by config reference or by ID', () => {
    const workspaceOf = Object.fromEntries(summary.resources.map((r) => [r.address, r.workspace]));
    expect(workspaceOf).toEqual({
      'cdkws_tag_binding.cost': 'app',
      'cdkws_tag_binding.team': 'new',
      'cdkws_workspace.app': 'app',
      'cdkws_workspace.new': 'new',
      'cdkws_workspace.old': 'old',
    });
  });

  it('shows only changed attributes of an update and masks sensitive values', () => {
    const app = summary.resources.find((r) => r.address === 'cdkws_workspace.app')!;
    expect(app.attributes).toEqual([
      { name: 'description', before: 'a', after: 'b', forcesReplacement: false },
      { name: 'token_like', before: null, after: null, beforeSensitive: true, afterSensitive: true, forcesReplacement: false },
    ]);
  });

  it('shows only the configured attributes of a new resource', () => {
    const created = summary.resources.find((r) => r.address === 'cdkws_workspace.new')!;
    expect(created.attributes.map((a) => a.name)).toEqual(['auto_apply', 'name']);
  });

  it('warns about deletes and replacements, naming what forces the replacement', () => {
    expect(summary.warnings).toEqual([
      'workspace old will be destroyed: the workspace and its state are deleted',
      'tag binding "cost-center" (workspace app) will be replaced (destroyed, then created): key cannot change in place',
    ]);
  });

  it('gives a destroyed workspace one warning that counts the resources destroyed with it', () => {
    const removed = plan();
    removed.resource_changes.push(
      {
        address: 'cdkws_tag_binding.old_team',
        type: 'cdkws_tag_binding',
        change: { actions: ['delete'], before: { id: 'ws-old/team', workspace_id: 'ws-old', key: 'team', value: 'a' }, after: null },
      },
      {
        address: 'cdkws_tag_binding.old_env',
        type: 'cdkws_tag_binding',
        change: { actions: ['delete'], before: { id: 'ws-old/env', workspace_id: 'ws-old', key: 'env', value: 'b' }, after: null },
      },
      {
        address: 'cdkws_tag_binding.app_team',
        type: 'cdkws_tag_binding',
        change: { actions: ['delete'], before: { id: 'ws-app/team', workspace_id: 'ws-app', key: 'team', value: 'c' }, after: null },
      },
    );
    const warnings = summarizePlan('platform', removed).warnings;
    expect(warnings).toContain('workspace old will be destroyed: the workspace and its state are deleted, with 2 resources of its own (cdkws_tag_binding)');
    expect(warnings.filter((w) => w.includes('(workspace old)'))).toEqual([]);
    // A binding of a workspace that stays is still a warning of its own.
    expect(warnings).toContain('tag binding "team" (workspace app) will be destroyed');
    // Every destroyed resource is still counted and listed.
    expect(summarizePlan('platform', removed).destroy).toBe(5);
  });

  it('shows a rename as old → new', () => {
    const renamed = plan();
    renamed.resource_changes = [
      { address: 'cdkws_workspace.app', type: 'cdkws_workspace', change: { actions: ['update'], before: { name: 'a' }, after: { name: 'b' } } },
    ];
    const only = summarizePlan('platform', renamed).resources[0];
    expect(only.workspace).toBe('a → b');
    expect(renderText(summarizePlan('platform', renamed), { color: false })).toContain('name: "a" → "b"');
  });
});

describe('renderPlanMarkdown', () => {
  const markdown = md([summarizePlan('platform', plan())], { platform: 'Terraform will perform the following actions:\n```nested```\n' });

  it('has the heading, the counts and a table row per resource with its workspace', () => {
    expect(markdown).toContain('### cdkws diff: platform\n\n**3 to add, 1 to change, 2 to destroy**');
    expect(markdown).toContain('| | workspace | changes |');
    // The row shows its most severe change: a resource of the workspace is replaced.
    expect(markdown).toContain(
      '| 🟠 | app | `description: "a" → "b"`<br>`token_like: (sensitive) → (sensitive)`<br>`-/+ tag binding "cost-center": key: "cost" → "cost-center" (forces replacement)` |',
    );
    expect(markdown).toContain('| 🟢 | new | `auto_apply: true`<br>`+ tag binding "team": key: "team", value: "x"` |');
  });

  it('masks sensitive values and names no resource by its address', () => {
    expect(markdown).toContain('`token_like: (sensitive) → (sensitive)`');
    expect(markdown).not.toContain('secret');
    expect(markdown.slice(0, markdown.indexOf('<details>'))).not.toMatch(/cdkws_(workspace|tag_binding)\./);
  });

  it('warns about deletes and replacements in quotes', () => {
    expect(markdown).toContain('> ⚠️ **Warning:** workspace old will be destroyed');
    expect(markdown).toContain('> ⚠️ **Warning:** tag binding "cost-center" (workspace app) will be replaced');
    // Destroys first: the destroyed workspace's row comes before every other row.
    expect(markdown.indexOf('| 🔴 | old | **destroyed, with its state** |')).toBeLessThan(markdown.indexOf('| 🟠 | app |'));
  });

  it('collapses the full plan in details with a fence longer than any inside it', () => {
    expect(markdown).toContain('<details><summary>Full plan</summary>\n\n````text\nTerraform will perform');
    expect(markdown.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('says so when nothing changes', () => {
    const empty = md([summarizePlan('platform', { resource_changes: [] })]);
    expect(empty).toBe('### cdkws diff: platform\n\n**No changes.** The workspaces match the configuration.\n');
  });

  it('is the same for the same plan', () => {
    expect(md([summarizePlan('platform', plan())], { platform: 'x' })).toBe(md([summarizePlan('platform', plan())], { platform: 'x' }));
  });
});

describe('summarizePlan: what a reviewer needs, nothing else', () => {
  const state = (resources: Array<{ address: string; type: string; values: Record<string, unknown> }>) => ({ values: { root_module: { resources } } });

  it('hides computed-only changes of a replacement (id, change_request_ids → known after apply)', () => {
    const summary = summarizePlan('platform', {
      configuration: {
        root_module: { resources: [{ address: 'cdkws_change_request.upgrade', expressions: { subject: {}, message: {}, workspace_ids: {} } }] },
      },
      resource_changes: [
        {
          address: 'cdkws_change_request.upgrade',
          type: 'cdkws_change_request',
          change: {
            actions: ['delete', 'create'],
            before: { id: 'cr-1', subject: 'a', message: 'm', workspace_ids: ['ws-1'], change_request_ids: ['wscr-1'] },
            after: { subject: 'b', message: 'm', workspace_ids: ['ws-1'] },
            after_unknown: { id: true, change_request_ids: true },
            replace_paths: [['subject']],
          },
        },
      ],
    });
    expect(summary.resources[0].attributes.map((a) => a.name)).toEqual(['subject']);
  });

  it('names workspace IDs from the state and from a list of known names, never showing the bare ID', () => {
    const plan = {
      prior_state: state([{ address: 'cdkws_workspace.net', type: 'cdkws_workspace', values: { id: 'ws-net', name: 'networking' } }]),
      resource_changes: [
        {
          address: 'cdkws_remote_state_consumers.readers',
          type: 'cdkws_remote_state_consumers',
          change: {
            actions: ['update'],
            before: { workspace_id: 'ws-net', consumer_ids: ['ws-6ezxa9LPCpA68Ruv'] },
            after: { workspace_id: 'ws-net', consumer_ids: ['ws-6ezxa9LPCpA68Ruv', 'ws-net'] },
          },
        },
      ],
    };
    const summary = summarizePlan('platform', plan, { knownNames: new Map([['ws-6ezxa9LPCpA68Ruv', 'payments-api']]) });
    const [consumers] = summary.resources[0].attributes;
    expect(consumers).toMatchObject({ name: 'consumer_ids', beforeNames: ['payments-api'], afterNames: ['payments-api', 'networking'] });
    const text = renderText(summary, { color: false });
    expect(text).toContain('consumer_ids: ["payments-api"] → ["payments-api", "networking"]');
    expect(text).not.toContain('ws-6ezx');
    expect(summary.resources[0].workspace).toBe('networking');
  });

  it('names workspaces created by the same plan from the configuration references', () => {
    const summary = summarizePlan('platform', {
      configuration: {
        root_module: {
          resources: [
            {
              address: 'cdkws_remote_state_consumers.readers',
              expressions: {
                workspace_id: { references: ['cdkws_workspace.net.id', 'cdkws_workspace.net'] },
                consumer_ids: { references: ['cdkws_workspace.app.id', 'cdkws_workspace.app'] },
              },
            },
          ],
        },
      },
      resource_changes: [
        {
          address: 'cdkws_workspace.net',
          type: 'cdkws_workspace',
          change: { actions: ['create'], before: null, after: { name: 'networking' }, after_unknown: { id: true } },
        },
        {
          address: 'cdkws_workspace.app',
          type: 'cdkws_workspace',
          change: { actions: ['create'], before: null, after: { name: 'app' }, after_unknown: { id: true } },
        },
        {
          address: 'cdkws_remote_state_consumers.readers',
          type: 'cdkws_remote_state_consumers',
          change: { actions: ['create'], before: null, after: {}, after_unknown: { workspace_id: true, consumer_ids: true } },
        },
      ],
    });
    const readers = summary.resources.find((r) => r.address === 'cdkws_remote_state_consumers.readers')!;
    expect(readers.workspace).toBe('networking');
    // A list of one prints as a list, as a list of two does.
    expect(renderText(summary, { color: false })).toContain('consumer_ids: ["app"] (ID known after apply)');
  });

  describe('drift', () => {
    const drifted = {
      prior_state: state([{ address: 'cdkws_workspace.app', type: 'cdkws_workspace', values: { id: 'ws-app', name: 'app', description: 'by hand' } }]),
      resource_drift: [
        {
          address: 'cdkws_workspace.app',
          type: 'cdkws_workspace',
          change: {
            actions: ['update'],
            before: { id: 'ws-app', name: 'app', description: 'from code' },
            after: { id: 'ws-app', name: 'app', description: 'by hand' },
          },
        },
        {
          address: 'cdkws_tag_binding.team',
          type: 'cdkws_tag_binding',
          change: { actions: ['delete'], before: { id: 'ws-app/team', workspace_id: 'ws-app', key: 'team' }, after: null },
        },
      ],
      resource_changes: [
        {
          address: 'cdkws_workspace.app',
          type: 'cdkws_workspace',
          change: {
            actions: ['update'],
            before: { id: 'ws-app', name: 'app', description: 'by hand' },
            after: { id: 'ws-app', name: 'app', description: 'from code' },
          },
        },
        {
          address: 'cdkws_tag_binding.team',
          type: 'cdkws_tag_binding',
          change: { actions: ['create'], before: null, after: { workspace_id: 'ws-app', key: 'team' }, after_unknown: { id: true } },
        },
      ],
    };
    const summary = summarizePlan('platform', drifted);

    it('lists what changed outside of code apart, attribute by attribute: deployed value → value now', () => {
      expect(summary.drift).toEqual([
        { address: 'cdkws_tag_binding.team', type: 'cdkws_tag_binding', name: 'tag binding "team"', action: 'delete', workspace: 'app', attributes: [] },
        {
          address: 'cdkws_workspace.app',
          type: 'cdkws_workspace',
          name: 'app',
          action: 'update',
          workspace: 'app',
          attributes: [{ name: 'description', before: 'from code', after: 'by hand', forcesReplacement: false }],
        },
      ]);
    });

    it('marks the planned change that sets the drift back, so it does not read as a change of the pull request', () => {
      const app = summary.resources.find((r) => r.address === 'cdkws_workspace.app')!;
      expect(app.attributes).toEqual([{ name: 'description', before: 'by hand', after: 'from code', forcesReplacement: false, revertsDrift: true }]);
      const markdown = md([summary]);
      expect(markdown).toContain('#### Changed outside of code since the last deploy');
      expect(markdown).toContain('- workspace app:\n  - `description: "from code" → "by hand"`');
      expect(markdown).toContain('- `tag binding "team"` (app): deleted outside of code');
      expect(markdown).toContain('| 🟡 | app | `description: "by hand" → "from code" (sets back a change made outside of code)`<br>');
    });
  });
});

describe('drift of read-only attributes', () => {
  it('is left out: it follows from other changes (effective_tags after the tag bindings were created)', () => {
    const summary = summarizePlan(
      'platform',
      {
        resource_drift: [
          {
            address: 'cdkws_workspace.app',
            type: 'cdkws_workspace',
            change: { actions: ['update'], before: { name: 'app', effective_tags: {} }, after: { name: 'app', effective_tags: { team: 'a' } } },
          },
        ],
      },
      { readOnly: new Map([['cdkws_workspace', new Set(['effective_tags'])]]) },
    );
    expect(summary.drift).toEqual([]);
  });
});

describe('a plan with import directives', () => {
  const importing = {
    resource_changes: [
      {
        address: 'cdkws_workspace.net',
        type: 'cdkws_workspace',
        change: { actions: ['no-op'], before: { id: 'ws-1', name: 'net' }, after: { id: 'ws-1', name: 'net' }, importing: { id: 'ws-1' } },
      },
      {
        address: 'cdkws_workspace.app',
        type: 'cdkws_workspace',
        change: {
          actions: ['update'],
          before: { id: 'ws-2', name: 'app', auto_apply: false },
          after: { id: 'ws-2', name: 'app', auto_apply: true },
          after_unknown: {},
          importing: { id: 'ws-2' },
        },
      },
      { address: 'cdkws_workspace.same', type: 'cdkws_workspace', change: { actions: ['no-op'], before: { name: 'same' }, after: { name: 'same' } } },
    ],
  };

  it('counts every imported resource, as Terraform words it, and lists a pure import as an import', () => {
    const summary = summarizePlan('platform', importing);
    expect(summary).toMatchObject({ import: 2, add: 0, change: 1, destroy: 0 });
    expect(summary.resources.map((r) => `${r.action} ${r.address}`)).toEqual(['update cdkws_workspace.app', 'import cdkws_workspace.net']);
    const text = renderText(summary, { color: false });
    expect(text).toContain('Stack platform: 2 to import, 0 to add, 1 to change, 0 to destroy');
    expect(text).toContain(' <- workspace net: imported as it is');
    expect(renderPlanMarkdown({ stacks: [{ summary }], policy: [] })).toContain('| 🔵 | net | **imported as it is** |');
  });

  it('leaves the words of a plan without imports as they were', () => {
    expect(renderText(summarizePlan('platform', plan()), { color: false })).toContain('Stack platform: 3 to add, 1 to change, 2 to destroy');
  });
});
