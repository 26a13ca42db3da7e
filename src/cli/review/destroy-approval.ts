// Removals need an explicit approval: a plan that destroys (or replaces, which destroys first) a
// workspace or an organization deletes state no apply can bring back. The summary names the
// approval and what it is for at the top; `cdkws deploy` refuses such a plan without it, before
// anything is applied. Kept apart from the rest of the summary so that it stays one small piece.
import type { PlanSummary } from './plan-summary';

/** The pull-request (or merge-request) label the CI templates read as the approval. */
export const APPROVE_DESTROY_LABEL = 'cdkws:approve-destroy';
/** The flag of `cdkws deploy` that gives it. */
export const APPROVE_DESTROY_FLAG = '--approve-destroy';

/** Resource types whose removal needs the approval: each takes state or workspaces with it. */
const DESTRUCTIVE_TYPES: Record<string, string> = { cdkws_workspace: 'workspace', cdkws_organization: 'organization' };
/** Names listed in a line before the rest is counted (the warnings below the line name every one). */
const LISTED = 20;

export interface DestroyNeedingApproval {
  stack: string;
  /** `workspace` or `organization`. */
  kind: string;
  name: string;
  address: string;
  action: 'delete' | 'replace';
}

/** What a plan destroys that needs the approval (empty: none needed). */
export function destroysNeedingApproval(summary: PlanSummary): DestroyNeedingApproval[] {
  const found: DestroyNeedingApproval[] = [];
  for (const r of summary.resources) {
    const kind = DESTRUCTIVE_TYPES[r.type];
    if (kind === undefined || (r.action !== 'delete' && r.action !== 'replace')) continue;
    found.push({ stack: summary.stack, kind, name: r.name, address: r.address, action: r.action });
  }
  return found;
}

/** "2 workspaces (a, b) in stack platform; …", bounded. */
export function describeDestroys(destroys: DestroyNeedingApproval[]): string {
  const byStack = new Map<string, DestroyNeedingApproval[]>();
  for (const d of destroys) byStack.set(d.stack, [...(byStack.get(d.stack) ?? []), d]);
  return [...byStack]
    .map(([stack, list]) => {
      const names = list.slice(0, LISTED).map((d) => `${d.name}${d.action === 'replace' ? ' (replaced)' : ''}`);
      const more = list.length > LISTED ? ` and ${list.length - LISTED} more` : '';
      const kinds = [...new Set(list.map((d) => d.kind))].join(' and ');
      return `${list.length} ${kinds}${list.length === 1 ? '' : 's'} of stack ${stack} (${names.join(', ')}${more})`;
    })
    .join('; ');
}

/** The lines at the top of the pull-request summary; none when no approval is needed. */
export function approvalMarkdown(summaries: PlanSummary[]): string[] {
  const destroys = summaries.flatMap(destroysNeedingApproval);
  if (destroys.length === 0) return [];
  return [
    `> 🛑 **Needs approval: this change destroys ${describeDestroys(destroys)}, with ${destroys.length === 1 ? 'its' : 'their'} state.**`,
    '>',
    `> To deploy it, add the label \`${APPROVE_DESTROY_LABEL}\` to this pull request (merge request), or run \`cdkws deploy ${APPROVE_DESTROY_FLAG}\`. Without it the deploy refuses before changing anything.`,
    '',
  ];
}

/** The `approval` member of `cdkws diff --json`, present only when the plan needs one. */
export function approvalJson(summaries: PlanSummary[]): { approval?: { label: string; flag: string; destroys: DestroyNeedingApproval[] } } {
  const destroys = summaries.flatMap(destroysNeedingApproval);
  return destroys.length === 0 ? {} : { approval: { label: APPROVE_DESTROY_LABEL, flag: APPROVE_DESTROY_FLAG, destroys } };
}

/** The refusal of a deploy without the approval. */
export function approvalRefusal(destroys: DestroyNeedingApproval[]): string {
  return (
    `this deploy destroys ${describeDestroys(destroys)}, with ${destroys.length === 1 ? 'its' : 'their'} state, and was not approved: nothing was applied. ` +
    `Approve the removal with the label "${APPROVE_DESTROY_LABEL}" on the pull request (merge request) and run the deploy again, ` +
    `or pass ${APPROVE_DESTROY_FLAG}; if the removal is a mistake, put the workspaces back in the code`
  );
}
