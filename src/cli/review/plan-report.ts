// The plan summary as terminal text, and the pieces the terminal and the pull-request summary
// (plan-markdown.ts) share: how a value, an attribute change and a policy finding read.
import type { PolicyFinding, PolicyReport } from '../../contract/policy-report';
import { paint, type Output } from '../common/output';
import {
  countsLine,
  hasChanges,
  WORKSPACE_RESOURCE_TYPE,
  type AttributeChange,
  type ChangeAction,
  type PlanSummary,
  type ResourceChangeSummary,
  type WorkspaceChange,
} from './plan-summary';

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

/**
 * A value as the summary prints it, the same everywhere: strings quoted, lists `[a, b]` (one element
 * or many), objects `{key: value}` without the keys that hold nothing (null).
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return `{${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** Attributes holding several workspace IDs (`consumer_ids`, `workspace_ids`) print as lists, even of one. */
const isList = (change: AttributeChange) => /_ids$/.test(change.name);

function value(change: AttributeChange, side: 'before' | 'after', limit: number): string {
  const names = side === 'before' ? change.beforeNames : change.afterNames;
  const named = names ? formatValue(isList(change) ? names : names[0]) : undefined;
  if (side === 'after' && change.afterUnknown) return named ? `${named} (ID known after apply)` : '(known after apply)';
  if (side === 'before' ? change.beforeSensitive : change.afterSensitive) return '(sensitive)';
  const text = named ?? formatValue(change[side]);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/**
 * `name: "a" → "b"`; a created attribute shows its value only. Workspace IDs show as the
 * workspaces' names where known. `limit` shortens long values.
 */
export function describeChange(change: AttributeChange, action: ChangeAction, limit = Infinity): string {
  if (change.hidden) return `${change.name}: ${change.hidden} (sensitive)${change.forcesReplacement ? ' (forces replacement)' : ''}`;
  const after = value(change, 'after', limit);
  const absentBefore = change.before === null && !change.beforeSensitive;
  const text = action === 'create' || absentBefore ? `${change.name}: ${after}` : `${change.name}: ${value(change, 'before', limit)} → ${after}`;
  if (change.forcesReplacement) return `${text} (forces replacement)`;
  return change.revertsDrift ? `${text} (sets back a change made outside of code)` : text;
}

/**
 * One resource of a workspace's row: `+ tag-env: key: "env", value: "staging"`, `- tag-team`,
 * `~ readers: consumer_ids: ["a"] → ["a", "b"]`.
 */
export function describeMember(resource: ResourceChangeSummary, limit = Infinity): string {
  const changes = resource.attributes.map((a) => describeChange(a, resource.action, limit));
  const imported = resource.importing && resource.action !== 'import' ? ' (imported)' : '';
  return `${SYMBOL[resource.action]} ${resource.name}${imported}${changes.length > 0 ? `: ${changes.join(', ')}` : ''}`;
}

/** What a row says about the workspace itself, before its attribute changes. */
export function rowVerb(row: WorkspaceChange): string | undefined {
  switch (row.action) {
    case 'delete':
      return 'destroyed, with its state';
    case 'replace':
      return 'replaced (destroyed with its state, then created)';
    case 'import':
      return 'imported as it is';
    case 'update':
      return row.importing ? 'imported, and changed' : undefined;
    case 'create':
      return row.importing ? 'imported' : undefined;
    default:
      return undefined;
  }
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
  for (const row of summary.workspaces) {
    const symbol = paint(output, STYLE[row.action ?? 'update'], SYMBOL[row.action ?? 'update'].padStart(3));
    const verb = rowVerb(row);
    const where = row.path && row.path !== `${summary.stack}/${row.workspace}` ? paint(output, 'dim', ` (${row.path})`) : '';
    lines.push(`${symbol} workspace ${row.workspace}${where}${verb ? `: ${verb}` : ''}`);
    for (const change of row.attributes) lines.push(`        ${describeChange(change, row.action ?? 'update')}`);
    for (const resource of row.resources) lines.push(`        ${describeMember(resource)}`);
  }
  for (const r of summary.others) {
    const symbol = paint(output, STYLE[r.action], SYMBOL[r.action].padStart(3));
    lines.push(`${symbol} ${r.name}${r.workspace ? paint(output, 'dim', ` (workspaces ${r.workspace})`) : ''}`);
    for (const change of r.attributes) lines.push(`        ${describeChange(change, r.action)}`);
  }
  if (options.destroyRequested) {
    const workspaces = summary.resources.filter((r) => r.action === 'delete' && r.type === WORKSPACE_RESOURCE_TYPE).map((r) => r.name);
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
    const whose = d.type === WORKSPACE_RESOURCE_TYPE ? 'workspace ' : '';
    const of = d.type !== WORKSPACE_RESOURCE_TYPE && d.workspace ? paint(output, 'dim', ` (${d.workspace})`) : '';
    lines.push(`  ${paint(output, 'cyan', '!')} ${whose}${d.name}${of}: ${what}`);
    for (const change of d.attributes) lines.push(`        ${describeChange(change, 'update')}`);
  }
  return lines;
}
