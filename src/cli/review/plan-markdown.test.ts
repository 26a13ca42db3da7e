import type { PolicyReport } from '../../contract/policy-report';
import { jsonReport } from '../diff/diff';
import { DEFAULT_MAX_CHARS, renderPlanMarkdown, renderMarkdownFull } from './plan-markdown';
import type { Report } from './plan-report';
import { summarizePlan } from './plan-summary';

/** A real-sized change: `created` new workspaces (each with three tag bindings) and `destroyed` old ones. */
function bigPlan(created: number, destroyed: number): any {
  const changes: any[] = [];
  const configuration: any[] = [];
  const prior: any[] = [];
  for (let i = 0; i < created; i += 1) {
    const name = `service-${String(i).padStart(3, '0')}-production-workspace`;
    const address = `cdkws_workspace.${name}`;
    configuration.push({ address, expressions: { name: {}, description: {}, auto_apply: {}, execution_mode: {}, tag_names: {}, trigger_patterns: {} } });
    changes.push({
      address,
      type: 'cdkws_workspace',
      change: {
        actions: ['create'],
        before: null,
        after: {
          name,
          description: `Workspace ${i}: ${'a long description of what it manages '.repeat(6)}`,
          auto_apply: false,
          execution_mode: 'remote',
          tag_names: ['prod', 'team-a'],
          trigger_patterns: ['modules/**/*.tf', `services/${name}/**`],
        },
        after_unknown: { id: true },
      },
    });
    for (const key of ['team', 'cost-center', 'env']) {
      const binding = `cdkws_tag_binding.${name}-${key}`;
      configuration.push({ address: binding, expressions: { workspace_id: { references: [`${address}.id`, address] }, key: {}, value: {} } });
      changes.push({
        address: binding,
        type: 'cdkws_tag_binding',
        change: { actions: ['create'], before: null, after: { key, value: `${key}-value` }, after_unknown: { id: true, workspace_id: true } },
      });
    }
  }
  for (let i = 0; i < destroyed; i += 1) {
    const name = `legacy-${String(i).padStart(3, '0')}`;
    prior.push({ address: `cdkws_workspace.${name}`, type: 'cdkws_workspace', values: { id: `ws-legacy${i}`, name } });
    changes.push({
      address: `cdkws_workspace.${name}`,
      type: 'cdkws_workspace',
      change: { actions: ['delete'], before: { id: `ws-legacy${i}`, name }, after: null },
    });
  }
  return {
    prior_state: { values: { root_module: { resources: prior } } },
    configuration: { root_module: { resources: configuration } },
    resource_changes: changes,
  };
}

const destroyedNames = (n: number) => Array.from({ length: n }, (_, i) => `legacy-${String(i).padStart(3, '0')}`);

function report(created: number, destroyed: number, extra: Partial<Report> = {}): Report {
  const summary = summarizePlan('platform', bigPlan(created, destroyed));
  return { stacks: [{ summary, text: 'Terraform will perform the following actions:\n'.repeat(created * 50) }], policy: [], ...extra };
}

const policy: PolicyReport[] = [
  {
    version: 1,
    stack: 'platform',
    findings: [
      {
        path: 'platform/service-000',
        workspace: 'service-000-production-workspace',
        ruleId: 'engine-version-pinned',
        severity: 'warning',
        attribute: 'engineVersion',
        message: 'engineVersion is not set',
        fix: 'set engineVersion to an exact version',
      },
    ],
    suppressions: [{ path: 'platform/legacy', ruleId: 'required-tags', reason: 'retired next quarter', suppressed: 2 }],
  },
];

describe('renderPlanMarkdown: a summary that fits a pull-request comment', () => {
  const big = report(150, 40, { policy });
  const markdown = renderPlanMarkdown(big, { fullReport: 'plan-full.md' });

  it('stays within 65,000 characters for 150 new workspaces (the full report is far larger)', () => {
    expect(DEFAULT_MAX_CHARS).toBe(65_000);
    expect(renderMarkdownFull(big).length).toBeGreaterThan(300_000);
    expect(markdown.length).toBeLessThanOrEqual(65_000);
  });

  it('keeps the counts, every destroyed workspace and the policy findings', () => {
    expect(markdown).toContain('**600 to add, 0 to change, 40 to destroy**');
    for (const name of destroyedNames(40)) expect(markdown).toContain(`workspace ${name} will be destroyed`);
    expect(markdown).toContain('### Policy: 0 errors, 1 warning');
    expect(markdown).toContain('`engine-version-pinned`');
    expect(markdown).toContain('- `required-tags` on `platform/legacy` (2 findings): retired next quarter');
  });

  it('lists destroys before anything else and says what it left out and where the full report is', () => {
    expect(markdown.indexOf('| 🔴 |')).toBeGreaterThan(0);
    expect(markdown.indexOf('| 🔴 |')).toBeLessThan(markdown.indexOf('| 🟢 |') === -1 ? Infinity : markdown.indexOf('| 🟢 |'));
    expect(markdown).toMatch(/_Shortened to fit 65,000 characters: left out the full plan text; .*The full report is `plan-full\.md`\._\n$/);
    expect(markdown).not.toContain('<details><summary>Full plan</summary>');
  });

  it('folds the rows of creates into a count and keeps a row per destroyed workspace at a much smaller limit', () => {
    const small = renderPlanMarkdown(big, { maxChars: 8_000 });
    expect(small.length).toBeLessThanOrEqual(8_000);
    expect(small).toContain('**600 to add, 0 to change, 40 to destroy**');
    for (const name of destroyedNames(40)) expect(small).toContain(`| 🔴 | ${name} | **destroyed, with its state** |`);
    expect(small).toContain('Not listed: 150 create rows (counted above).');
    expect(small).toContain('the rows of 150 create (counted above)');
    expect(small).toContain('Run `cdkws diff --markdown-full FILE` for the full report.');
    expect(small).toContain('### Policy: 0 errors, 1 warning');
  });

  it('names every destroyed workspace in one warning line when not even their rows fit', () => {
    const tiny = renderPlanMarkdown(big, { maxChars: 3_000 });
    expect(tiny.length).toBeLessThanOrEqual(3_000);
    expect(tiny).toContain(`> ⚠️ **Warning:** 40 resources will be destroyed: ${destroyedNames(40).join(', ')}\n`);
    expect(tiny).toContain('Not listed: 40 delete rows, 150 create rows (counted above).');
  });

  it('is not shortened when it fits, and says nothing about leaving things out', () => {
    const fits = renderPlanMarkdown(report(2, 1));
    expect(fits).toContain('<details><summary>Full plan</summary>');
    expect(fits).not.toContain('Shortened');
    expect(fits).toBe(renderMarkdownFull(report(2, 1)));
  });

  it('drops table rows of creates before the rows of destroys', () => {
    const full = renderMarkdownFull(report(150, 3));
    // With the values left out, the 150 creates read the same: one row names them all.
    const named = renderPlanMarkdown(report(150, 3), { maxChars: 20_000 });
    expect(full).toContain('| 🟢 | service-149-production-workspace | `auto_apply: false`<br>`description: "Workspace 149: a long');
    expect(named).toContain('| 🔴 | legacy-002 | **destroyed, with its state** |');
    expect(named).toContain('| 🟢 | <details><summary>150 workspaces</summary>service-000-production-workspace, service-001-production-workspace, ');
    expect(named).not.toContain('Not listed');
    expect(named.length).toBeLessThanOrEqual(20_000);
    const at = renderPlanMarkdown(report(150, 3), { maxChars: 5_000 });
    expect(at).toContain('| 🔴 | legacy-002 | **destroyed, with its state** |');
    expect(at).toContain('Not listed: 150 create rows (counted above).');
    expect(at.length).toBeLessThanOrEqual(5_000);
  });
});

describe('renderPlanMarkdown: a failure', () => {
  it('says which step failed and shows the first lines of the error, the rest left to the job log', () => {
    const message = ['terraform plan failed for stack "platform" (exit 1):', ...Array.from({ length: 50 }, (_, i) => `line ${i}`)].join('\n');
    const markdown = renderPlanMarkdown({ stacks: [], policy: [], failure: { step: 'plan', stack: 'platform', message } });
    expect(markdown).toMatch(/^### ❌ cdkws diff failed: plan for stack platform\n\n```text\nterraform plan failed for stack "platform" \(exit 1\):\nline 0\n/);
    expect(markdown).toContain('line 28\n```');
    expect(markdown).not.toContain('line 29');
    expect(markdown).toContain('_21 more lines of the error are in the job log._');
  });
});

describe('jsonReport (the --json document)', () => {
  it('writes values once-encoded, with flags for sensitive and unknown values', () => {
    const summary = summarizePlan('platform', {
      resource_changes: [
        {
          address: 'cdkws_tag_binding.cost',
          type: 'cdkws_tag_binding',
          change: {
            actions: ['update'],
            before: { key: 'cost', value: '41', secret: 'x', count: 1 },
            after: { key: 'cost', value: '42', secret: 'y', count: 2 },
            before_sensitive: { secret: true },
            after_sensitive: { secret: true },
          },
        },
      ],
    });
    const json = JSON.parse(JSON.stringify(jsonReport({ stacks: [{ summary, changed: true }], policy })));
    expect(json).toMatchObject({
      version: 2,
      changes: true,
      policy: { findings: [{ ruleId: 'engine-version-pinned' }], suppressions: [{ reason: 'retired next quarter' }] },
    });
    expect(json.stacks[0]).toMatchObject({ stack: 'platform', changes: true, add: 0, change: 1, destroy: 0, drift: [], warnings: [] });
    // A binding whose workspace the plan does not name belongs to no row.
    expect(json.stacks[0].workspaces).toEqual([]);
    expect(json.stacks[0].others[0].attributes).toEqual([
      { name: 'count', before: 1, after: 2, forcesReplacement: false },
      { name: 'secret', before: null, after: null, beforeSensitive: true, afterSensitive: true, forcesReplacement: false },
      { name: 'value', before: '41', after: '42', forcesReplacement: false },
    ]);
    expect(JSON.stringify(json)).not.toContain('\\"42\\"');
  });

  it('carries the failure, with no changes claimed', () => {
    const json = jsonReport({ stacks: [], policy: [], failure: { step: 'synth', message: 'the app command failed' } });
    expect(json).toEqual({
      version: 2,
      changes: false,
      error: { step: 'synth', message: 'the app command failed' },
      policy: { findings: [], suppressions: [] },
      stacks: [],
    });
  });
});

/** `count` workspaces `big-data-1`… whose descriptions change from `from` to `to`, and `destroyed` removed ones. */
function sameChangePlan(count: number, odd: number[], destroyed: number): any {
  const changes: any[] = [];
  const prior: any[] = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `big-data-${i}`;
    const address = `cdkws_workspace.${name.replace(/-/g, '_')}`;
    const to = odd.includes(i) ? `b (${name})` : 'b';
    prior.push({ address, type: 'cdkws_workspace', values: { id: `ws-${i}`, name } });
    changes.push({
      address,
      type: 'cdkws_workspace',
      change: { actions: ['update'], before: { id: `ws-${i}`, name, description: 'a' }, after: { id: `ws-${i}`, name, description: to } },
    });
  }
  for (let i = 1; i <= destroyed; i += 1) {
    const name = `old-${i}`;
    prior.push({ address: `cdkws_workspace.${name}`, type: 'cdkws_workspace', values: { id: `ws-old${i}`, name } });
    changes.push({
      address: `cdkws_workspace.${name}`,
      type: 'cdkws_workspace',
      change: { actions: ['delete'], before: { id: `ws-old${i}`, name }, after: null },
    });
  }
  return { prior_state: { values: { root_module: { resources: prior } } }, resource_changes: changes };
}

describe('renderPlanMarkdown: identical changes across workspaces', () => {
  const summary = summarizePlan('platform', sameChangePlan(150, [7, 12, 102], 2));
  const report: Report = { stacks: [{ summary }], policy: [] };
  const markdown = renderMarkdownFull(report);
  const rows = markdown.split('\n').filter((line) => /^\| [🔴🟠🟡🟢🔵] \|/u.test(line));
  const names = (numbers: number[]) => numbers.map((i) => `big-data-${i}`);
  const same = Array.from({ length: 150 }, (_, i) => i + 1).filter((i) => ![7, 12, 102].includes(i));

  it('are one row naming every workspace in natural order, folded in a list', () => {
    expect(rows).toContain(`| 🟡 | <details><summary>147 workspaces</summary>${names(same).join(', ')}</details> | \`description: "a" → "b"\` |`);
    expect(markdown.match(/description: "a" → "b"`/g)).toHaveLength(1);
  });

  it('keep a row of their own where the change differs, in natural order (big-data-12 before big-data-102)', () => {
    expect(rows).toHaveLength(2 + 1 + 3);
    const single = rows.slice(3).map((row) => row.split(' | ')[1]);
    expect(single).toEqual(names([7, 12, 102]));
    expect(rows[3]).toBe('| 🟡 | big-data-7 | `description: "a" → "b (big-data-7)"` |');
  });

  it('keep a row per destroyed workspace even when the destroys read the same', () => {
    expect(rows.slice(0, 2)).toEqual(['| 🔴 | old-1 | **destroyed, with its state** |', '| 🔴 | old-2 | **destroyed, with its state** |']);
  });

  it('lose nothing in --json: one entry per workspace, in natural order', () => {
    const json = jsonReport(report) as { stacks: Array<{ workspaces: Array<{ workspace: string }> }> };
    const workspaces = json.stacks[0].workspaces.map((w) => w.workspace);
    expect(workspaces).toHaveLength(152);
    expect(workspaces.slice(2)).toEqual(names(Array.from({ length: 150 }, (_, i) => i + 1)));
  });
});
