// The provider's schema as users see it (names, types, required/optional/computed/sensitive, nesting,
// replacement; descriptions left out) is pinned in schema-shape.baseline.json, first taken from the
// hand-written schemas before they were derived from the attribute tables. A pinned member may never
// disappear or change; a new one must be optional or computed (existing configurations do not set
// it). `npm run generate` pins new members; it never drops or changes one (scripts/public-api.js).
import { buildProvider } from './provider';

// Plain JS (run by `npm run generate` after the build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('../../scripts/public-api.js');

type Shape = { attributes: Record<string, string>; blocks: Record<string, { nesting: string; min: number; max: number; replace: boolean; block: Shape }> };
type Shapes = Record<string, Record<string, Shape>>;
type Problem = { kind: 'removed' | 'changed' | 'new-required'; where: string };
const compare = (baseline: Shapes, current: Shapes): { problems: Problem[]; unpinned: string[]; merged: Shapes } =>
  api.compare(baseline, current, api.SCHEMA_RULES);

describe('the provider schema', () => {
  const baseline: Shapes = api.readBaseline(api.SCHEMA_BASELINE);
  const current: Shapes = api.providerShape(buildProvider());

  it('keeps every pinned member as it was, and adds only optional ones', () => {
    const { problems } = compare(baseline, current);
    if (problems.length > 0) throw new Error(api.explain(problems, api.SCHEMA_BASELINE));
  });

  it(`pins every member it has today (${api.SCHEMA_BASELINE} is current)`, () => {
    const { unpinned } = compare(baseline, current);
    if (unpinned.length > 0) throw new Error(api.staleText(api.SCHEMA_BASELINE, unpinned));
  });

  it('pins the provider block, every resource and every data source', () => {
    expect(Object.keys(baseline.resources)).toEqual(expect.arrayContaining(['cdkws_workspace', 'cdkws_tag_binding', 'cdkws_change_request']));
    expect(baseline.resources.cdkws_workspace.attributes.name).toBe('"string" required');
    expect(baseline.resources.cdkws_workspace.blocks.vcs_repo).toMatchObject({ nesting: 'single', max: 0 });
  });
});

describe('the schema baseline rule', () => {
  const workspace = (attributes: Record<string, string>, blocks: Shape['blocks'] = {}): Shapes => ({ resources: { cdkws_workspace: { attributes, blocks } } });
  const block = (attributes: Record<string, string>, min = 0): Shape['blocks'][string] => ({
    nesting: 'single',
    min,
    max: 0,
    replace: false,
    block: { attributes, blocks: {} },
  });
  const base = workspace({ name: '"string" required', queue_all_runs: '"bool" optional computed' }, { vcs_repo: block({ branch: '"string" optional' }) });

  it('accepts a new optional or computed attribute and a new optional block, and pins them', () => {
    const now = workspace(
      { ...base.resources.cdkws_workspace.attributes, color: '"string" optional', html_url: '"string" computed' },
      { ...base.resources.cdkws_workspace.blocks, extra: block({ a: '"string" required' }) },
    );
    const { problems, unpinned, merged } = compare(base, now);
    expect(problems).toEqual([]);
    expect(unpinned).toEqual(['resources cdkws_workspace color', 'resources cdkws_workspace html_url', 'resources cdkws_workspace extra']);
    expect(merged).toEqual(now);
  });

  it('refuses a removed attribute, a changed type or flag, and a new required attribute or block', () => {
    const now = workspace(
      { name: '"number" required', token: '"string" required' },
      { vcs_repo: { ...block({ branch: '"string" optional computed' }), max: 1 }, must: block({}, 1) },
    );
    const { problems, merged } = compare(base, now);
    expect(problems.map((p) => [p.kind, p.where])).toEqual([
      ['changed', 'resources cdkws_workspace name'],
      ['removed', 'resources cdkws_workspace queue_all_runs'],
      ['new-required', 'resources cdkws_workspace token'],
      ['changed', 'resources cdkws_workspace vcs_repo.max'],
      ['changed', 'resources cdkws_workspace vcs_repo.branch'],
      ['new-required', 'resources cdkws_workspace must'],
    ]);
    // What was pinned stays pinned: regenerating never hides a break.
    expect(merged).toEqual(base);
    expect(api.explain(problems, api.SCHEMA_BASELINE)).toMatch(/must be optional[\s\S]*Restore it/);
  });

  it('accepts a new resource with required attributes, and refuses a removed one', () => {
    const withNew = { resources: { ...base.resources, cdkws_variable: { attributes: { key: '"string" required' }, blocks: {} } } };
    expect(compare(base, withNew).problems).toEqual([]);
    expect(compare(withNew, base).problems.map((p) => p.where)).toEqual(['resources cdkws_variable']);
  });
});
