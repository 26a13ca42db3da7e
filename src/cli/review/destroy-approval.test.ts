import { approvalJson, approvalMarkdown, destroysNeedingApproval, describeDestroys } from './destroy-approval';
import { summarizePlan } from './plan-summary';

const change = (address: string, type: string, actions: string[], name: string) => ({
  address,
  type,
  change: { actions, before: { id: `ws-${name}`, name }, after: actions.includes('create') ? { name } : null },
});

describe('removals that need an approval', () => {
  it('are the workspaces (and organizations) a plan destroys or replaces, not their tag bindings', () => {
    const summary = summarizePlan('platform', {
      resource_changes: [
        change('cdkws_workspace.old', 'cdkws_workspace', ['delete'], 'old'),
        change('cdkws_workspace.moved', 'cdkws_workspace', ['delete', 'create'], 'moved'),
        change('cdkws_workspace.kept', 'cdkws_workspace', ['update'], 'kept'),
        change('cdkws_tag_binding.x', 'cdkws_tag_binding', ['delete'], 'x'),
      ],
    });
    expect(destroysNeedingApproval(summary).map((d) => [d.name, d.action])).toEqual([
      ['old', 'delete'],
      ['moved', 'replace'],
    ]);
    expect(approvalMarkdown([summary])[0]).toBe(
      '> 🛑 **Needs approval: this change destroys 2 workspaces of stack platform (old, moved (replaced)), with their state.**',
    );
    expect(approvalJson([summary]).approval?.destroys).toHaveLength(2);
  });

  it('are absent from a plan that destroys no workspace: no lines, no JSON member', () => {
    const summary = summarizePlan('platform', { resource_changes: [change('cdkws_tag_binding.x', 'cdkws_tag_binding', ['delete'], 'x')] });
    expect(approvalMarkdown([summary])).toEqual([]);
    expect(approvalJson([summary])).toEqual({});
  });

  it('list at most 20 names per stack and count the rest', () => {
    const destroys = Array.from({ length: 25 }, (_, i) => ({ stack: 's', kind: 'workspace', name: `w${i}`, address: `a${i}`, action: 'delete' as const }));
    expect(describeDestroys(destroys)).toMatch(/^25 workspaces of stack s \(w0, w1, .*, w19 and 5 more\)$/);
  });
});
