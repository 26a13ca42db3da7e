// The plan summary as terminal text, and the pieces the terminal and the pull-request summary
// (plan-markdown.ts) share: how a value, an attribute change and a policy finding read.
import type { PolicyFinding, PolicyReport } from '../spec/policy-report';
import { paint, type Output } from './output';
import { countsLine, hasChanges, WORKSPACE_RESOURCE_TYPE, type AttributeChange, type ChangeAction, type PlanSummary } from './plan-summary';

export const SYMBOL: Record<ChangeAction, string> = { create: '+', update: '~', delete: '-', replace: '-/+', import: '<-' };
const STYLE = { create: 'green', update: 'yellow', delete: 'red', replace: 'red', import: 'cyan' } as const;

/** What failed when a command could not finish (step: synth, policy, init, plan, show). */
export interface ReportFailure {
  step: string;
  stack?: string;
  message: string;
}

/** Everything a summary shows: each stack's plan, the policy reports, and the failure if any. */
export interface Report {
  /** `changed`: Terraform's verdict (plan -detailed-exitcode); by default, whether resources change. */
  stacks: Array<{ summary: PlanSummary; text?: string; changed?: boolean }>;
  policy: PolicyReport[];
  failure?: ReportFailure;
}

function value(value: unknown, sensitive?: true, unknown?: true, names?: string[], limit = Infinity): string {
  if (unknown) return names ? `${JSON.stringify(names.length === 1 ? names[0] : names)} (ID known after apply)` : '(known after apply)';
  if (sensitive) return '(sensitive)';
  if (names) return JSON.stringify(Array.isArray(value) ? names : names[0]);
  const text = value === null || value === undefined ? 'null' : JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/**
 * `name: "a" → "b"`; a created attribute shows its value only. Workspace IDs show as the
 * workspaces' names where known. `limit` shortens long values.
 */
export function describeChange(change: AttributeChange, action: ChangeAction, limit = Infinity): string {
  const after = value(change.after, change.afterSensitive, change.afterUnknown, change.afterNames, limit);
  const absentBefore = change.before === null && !change.beforeSensitive;
  const text =
    action === 'create' || absentBefore
      ? `${change.name}: ${after}`
      : `${change.name}: ${value(change.before, change.beforeSensitive, undefined, change.beforeNames, limit)} → ${after}`;
  if (change.forcesReplacement) return `${text} (forces replacement)`;
  return change.revertsDrift ? `${text} (sets back a change made outside of code)` : text;
}

/** `platform/networking: required-tags: tags.team: …; fix: …` */
export function describeFinding(finding: PolicyFinding): string {
  const workspace = finding.workspace ? ` (workspace ${finding.workspace})` : '';
  return `${finding.path}${workspace}: ${finding.ruleId}: ${finding.attribute}: ${finding.message}; fix: ${finding.fix}`;
}

export function allFindings(reports: PolicyReport[]): PolicyFinding[] {
  return reports.flatMap((r) => r.findings);
}

/** Policy findings and suppressions as console lines (errors first; left out when the error message lists them). */
export function renderPolicyText(reports: PolicyReport[], output: Pick<Output, 'color'>, options: { errors?: boolean } = {}): string {
  const findings = allFindings(reports)
    .filter((f) => options.errors !== false || f.severity !== 'error')
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const lines = findings.map((f) => paint(output, f.severity === 'error' ? 'red' : 'yellow', `Policy ${f.severity}: ${describeFinding(f)}`));
  for (const s of reports.flatMap((r) => r.suppressions)) {
    lines.push(paint(output, 'dim', `Policy suppressed: ${s.ruleId} on ${s.path} (${s.suppressed} finding${s.suppressed === 1 ? '' : 's'}): ${s.reason}`));
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export interface TextOptions {
  /** The user asked for the destroy: one line says what goes, instead of a warning per resource. */
  destroyRequested?: boolean;
}

/** The summary as terminal lines: counts, one line per resource with its attribute changes, drift, warnings. */
export function renderText(summary: PlanSummary, output: Pick<Output, 'color'>, options: TextOptions = {}): string {
  const lines: string[] = [];
  const heading = paint(output, 'bold', `Stack ${summary.stack}:`);
  lines.push(...renderDriftText(summary, output));
  if (!hasChanges(summary)) {
    lines.push(`${heading} no changes. The workspaces match the configuration.`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`${heading} ${countsLine(summary)}`);
  for (const r of summary.resources) {
    const symbol = paint(output, STYLE[r.action], SYMBOL[r.action].padStart(3));
    lines.push(`${symbol} ${r.address}${r.workspace ? paint(output, 'dim', ` (${r.workspace})`) : ''}`);
    for (const change of r.attributes) lines.push(`        ${describeChange(change, r.action)}`);
  }
  if (options.destroyRequested) {
    const workspaces = summary.resources.filter((r) => r.action === 'delete' && r.type === WORKSPACE_RESOURCE_TYPE).map((r) => r.workspace ?? r.address);
    const which =
      workspaces.length > 0 ? `, including ${workspaces.length} workspace${workspaces.length === 1 ? '' : 's'} and their state (${workspaces.join(', ')})` : '';
    lines.push(paint(output, 'yellow', `Warning: this destroys ${summary.destroy} resource${summary.destroy === 1 ? '' : 's'}${which}`));
  } else {
    for (const warning of summary.warnings) lines.push(paint(output, 'yellow', `Warning: ${warning}`));
  }
  return `${lines.join('\n')}\n`;
}

function renderDriftText(summary: PlanSummary, output: Pick<Output, 'color'>): string[] {
  if (summary.drift.length === 0) return [];
  const lines = [paint(output, 'bold', `Stack ${summary.stack}: changed outside of code since the last deploy (not part of this change):`)];
  for (const d of summary.drift) {
    const what = d.action === 'delete' ? 'deleted outside of code' : 'changed';
    lines.push(`  ${paint(output, 'cyan', '!')} ${d.address}${d.workspace ? paint(output, 'dim', ` (${d.workspace})`) : ''}: ${what}`);
    for (const change of d.attributes) lines.push(`        ${describeChange(change, 'update')}`);
  }
  return lines;
}
