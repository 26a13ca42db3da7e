import { renderMarkdown, renderText } from './plan-report';
import { summarizePlan } from './plan-summary';

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
          { address: 'cdkws_tag_binding.team', expressions: { workspace_id: { references: ['cdkws_workspace.new.id', 'cdkws_workspace.new'] }, key: {}, value: {} } },
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

  it('lists changed resources sorted by address and leaves out no-ops', () => {
    expect(summary.resources.map((r) => `${r.action} ${r.address}`)).toEqual([
      'replace cdkws_tag_binding.cost',
      'create cdkws_tag_binding.team',
      'update cdkws_workspace.app',
      'create cdkws_workspace.new',
      'delete cdkws_workspace.old',
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
      { name: 'description', before: '"a"', after: '"b"', forcesReplacement: false },
      { name: 'token_like', before: '(sensitive)', after: '(sensitive)', forcesReplacement: false },
    ]);
  });

  it('shows only the configured attributes of a new resource', () => {
    const created = summary.resources.find((r) => r.address === 'cdkws_workspace.new')!;
    expect(created.attributes.map((a) => a.name)).toEqual(['auto_apply', 'name']);
  });

  it('warns about deletes and replacements, naming what forces the replacement', () => {
    expect(summary.warnings).toEqual([
      'cdkws_tag_binding.cost (workspace app) will be replaced (destroyed, then created): key cannot change in place',
      'cdkws_workspace.old (workspace old) will be destroyed: the workspace and its state are deleted',
    ]);
  });

  it('shows a rename as old → new', () => {
    const renamed = plan();
    renamed.resource_changes = [{ address: 'cdkws_workspace.app', type: 'cdkws_workspace', change: { actions: ['update'], before: { name: 'a' }, after: { name: 'b' } } }];
    const only = summarizePlan('platform', renamed).resources[0];
    expect(only.workspace).toBe('a → b');
    expect(renderText(summarizePlan('platform', renamed), { color: false })).toContain('name: "a" → "b"');
  });
});

describe('renderMarkdown', () => {
  const markdown = renderMarkdown([summarizePlan('platform', plan())], { platform: 'Terraform will perform the following actions:\n```nested```\n' });

  it('has the heading, the counts and a table row per resource with its workspace', () => {
    expect(markdown).toContain('### cdkws diff: platform\n\n**3 to add, 1 to change, 2 to destroy**');
    expect(markdown).toContain('| action | resource | workspace |');
    expect(markdown).toContain('| 🟡 update | `cdkws_workspace.app` | app |');
    expect(markdown).toContain('| 🟢 create | `cdkws_tag_binding.team` | new |');
  });

  it('lists attribute changes per resource with sensitive values masked', () => {
    expect(markdown).toContain('**`cdkws_workspace.app`** (update)\n\n- `description: "a" → "b"`\n- `token_like: (sensitive) → (sensitive)`');
    expect(markdown).not.toContain('secret');
  });

  it('warns about deletes and replacements in quotes', () => {
    expect(markdown).toContain('> ⚠️ **Warning:** cdkws_workspace.old (workspace old) will be destroyed');
    expect(markdown).toContain('> ⚠️ **Warning:** cdkws_tag_binding.cost (workspace app) will be replaced');
  });

  it('collapses the full plan in details with a fence longer than any inside it', () => {
    expect(markdown).toContain('<details><summary>Full plan</summary>\n\n````text\nTerraform will perform');
    expect(markdown.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('says so when nothing changes', () => {
    const empty = renderMarkdown([summarizePlan('platform', { resource_changes: [] })]);
    expect(empty).toBe('### cdkws diff: platform\n\n**No changes.** The workspaces match the configuration.\n');
  });

  it('is the same for the same plan', () => {
    expect(renderMarkdown([summarizePlan('platform', plan())], { platform: 'x' })).toBe(renderMarkdown([summarizePlan('platform', plan())], { platform: 'x' }));
  });
});

describe('a plan with import directives', () => {
  const importing = {
    resource_changes: [
      { address: 'cdkws_workspace.net', type: 'cdkws_workspace', change: { actions: ['no-op'], before: { id: 'ws-1', name: 'net' }, after: { id: 'ws-1', name: 'net' }, importing: { id: 'ws-1' } } },
      {
        address: 'cdkws_workspace.app',
        type: 'cdkws_workspace',
        change: { actions: ['update'], before: { id: 'ws-2', name: 'app', auto_apply: false }, after: { id: 'ws-2', name: 'app', auto_apply: true }, after_unknown: {}, importing: { id: 'ws-2' } },
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
    expect(text).toContain(' <- cdkws_workspace.net (net)');
    expect(renderMarkdown([summary])).toContain('| 🔵 import | `cdkws_workspace.net` | net |');
  });

  it('leaves the words of a plan without imports as they were', () => {
    expect(renderText(summarizePlan('platform', plan()), { color: false })).toContain('Stack platform: 3 to add, 1 to change, 2 to destroy');
  });
});
