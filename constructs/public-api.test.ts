// The constructs' exported interfaces and type aliases are public API, pinned member by member in
// public-api.baseline.json (the Workspace props as written by hand in cdk-workspaces 0.1 among
// them). A pinned member may never disappear or change type; a new member must be optional, so a
// new attribute row is one more optional prop. `npm run generate` pins new members and never drops
// or changes one (scripts/public-api.js).

// Plain JS (run by `npm run generate` after the build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('../scripts/public-api.js');

type Api = Record<string, Record<string, string>>;
type Problem = { kind: 'removed' | 'changed' | 'new-required'; where: string };
const compare = (baseline: Api, current: Api): { problems: Problem[]; unpinned: string[]; merged: Api } => api.compare(baseline, current, api.CONSTRUCT_RULES);

describe('the constructs’ public API', () => {
  const baseline: Api = api.readBaseline(api.CONSTRUCTS_BASELINE);
  let current: Api;
  beforeAll(() => {
    // The TypeScript checker over constructs/index.ts: a second or two.
    current = api.constructsApi();
  }, 60000);

  it('keeps every pinned member as it was, and adds only optional ones', () => {
    const { problems } = compare(baseline, current);
    if (problems.length > 0) throw new Error(api.explain(problems, api.CONSTRUCTS_BASELINE));
  });

  it(`pins every member it has today (${api.CONSTRUCTS_BASELINE} is current)`, () => {
    const { unpinned } = compare(baseline, current);
    if (unpinned.length > 0) throw new Error(api.staleText(api.CONSTRUCTS_BASELINE, unpinned));
  });

  it('reads members, optionality, readonly and types from the sources', () => {
    expect(current.WorkspaceProps).toMatchObject({
      name: 'readonly required string',
      executionMode: 'readonly optional "remote" | "local" | "agent"',
      vcsRepo: 'readonly optional WorkspaceVcsRepo',
      tags: 'readonly optional { [x: string]: string; }',
      preventDestroy: 'readonly optional boolean',
    });
    expect(current.WorkspaceVcsRepo.identifier).toBe('readonly required string');
    expect(current.PolicySeverity).toEqual({ '(type)': 'required "error" | "warning"' });
    // Internal members and those inherited from the constructs package are not pinned.
    expect(Object.keys(current.IWorkspace).sort()).toEqual(['globalRemoteState', 'id', 'name']);
    // Classes are not interfaces.
    expect(current.Workspace).toBeUndefined();
  });
});

describe('the construct API baseline rule', () => {
  const base: Api = { WorkspaceProps: { name: 'readonly required string', autoApply: 'readonly optional boolean' } };

  it('accepts a new optional member and a new type, and pins them', () => {
    const now: Api = { WorkspaceProps: { ...base.WorkspaceProps, color: 'readonly optional string' }, VariableProps: { key: 'readonly required string' } };
    const { problems, unpinned, merged } = compare(base, now);
    expect(problems).toEqual([]);
    expect(unpinned).toEqual(['WorkspaceProps.color', 'VariableProps']);
    expect(merged).toEqual(now);
  });

  it('refuses a removed member, a changed type or optionality, a new required member and a removed type', () => {
    const now: Api = { WorkspaceProps: { name: 'readonly optional string', color: 'readonly required string' } };
    const { problems, merged } = compare(base, now);
    expect(problems.map((p) => [p.kind, p.where])).toEqual([
      ['changed', 'WorkspaceProps.name'],
      ['removed', 'WorkspaceProps.autoApply'],
      ['new-required', 'WorkspaceProps.color'],
    ]);
    expect(merged).toEqual(base);
    expect(compare(base, {}).problems.map((p) => p.where)).toEqual(['WorkspaceProps']);
    const text: string = api.explain(problems, api.CONSTRUCTS_BASELINE);
    expect(text).toContain('WorkspaceProps.color is new and required');
    expect(text).toContain('A new member must be optional');
    expect(text).toContain(`edit its line in ${api.CONSTRUCTS_BASELINE} by hand`);
  });
});
