// The pull-request summary (Markdown), bounded: a comment holds 65,536 characters, so the summary
// is rendered at the most detailed level that fits `maxChars`. Counts, failures, destroy and
// replace warnings and policy findings are kept at every level; the full plan goes first, then
// long values, attribute changes and drift details, then table rows (folded into counts per
// action); at the end the summary says what it left out and where the full report is.
import type { PolicyReport } from '../../contract/policy-report';
import { approvalMarkdown } from './destroy-approval';
import { ORDER } from './plan-groups';
import { allFindings, describeChange, describeMember, rowVerb, SYMBOL, type Report } from './plan-report';
import { countsLine, hasChanges, WORKSPACE_RESOURCE_TYPE, type ChangeAction, type PlanSummary, type WorkspaceChange } from './plan-summary';

export const DEFAULT_MAX_CHARS = 65_000;

const EMOJI: Record<ChangeAction, string> = { create: '🟢', update: '🟡', delete: '🔴', replace: '🟠', import: '🔵' };
/** Lines of a failure's message kept in the summary (the job log has the rest). */
const ERROR_LINES = 30;
const VALUE_LIMIT = 120;

export interface MarkdownOptions {
  /** @default 65,000 */
  maxChars?: number;
  /** Where the unbounded report is (e.g. the CI artifact), named when something is left out. */
  fullReport?: string;
}

/** How much detail a rendering keeps; each level leaves out more than the one before. */
interface Level {
  planText: boolean;
  valueLimit: number;
  attributes: boolean;
  driftAttributes: boolean;
  /** Table rows for these actions; the others are folded into counts. */
  rows: ReadonlySet<ChangeAction>;
  /** One warning line per resource (false: one line per action naming every resource). */
  warningPerResource: boolean;
}

const ALL: ReadonlySet<ChangeAction> = new Set(['delete', 'replace', 'update', 'create', 'import']);
const RISKY: ReadonlySet<ChangeAction> = new Set(['delete', 'replace']);
const LEVELS: Level[] = [
  { planText: true, valueLimit: Infinity, attributes: true, driftAttributes: true, rows: ALL, warningPerResource: true },
  { planText: false, valueLimit: Infinity, attributes: true, driftAttributes: true, rows: ALL, warningPerResource: true },
  { planText: false, valueLimit: VALUE_LIMIT, attributes: true, driftAttributes: true, rows: ALL, warningPerResource: true },
  { planText: false, valueLimit: VALUE_LIMIT, attributes: false, driftAttributes: true, rows: ALL, warningPerResource: true },
  { planText: false, valueLimit: VALUE_LIMIT, attributes: false, driftAttributes: false, rows: RISKY, warningPerResource: true },
  { planText: false, valueLimit: VALUE_LIMIT, attributes: false, driftAttributes: false, rows: new Set(), warningPerResource: false },
];

/** An inline code span that survives backticks in the text. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function fenced(text: string, info = 'text'): string[] {
  const fence = '`'.repeat(Math.max(3, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length + 1)));
  return [`${fence}${info}`, text.trimEnd(), fence];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function renderFailure(report: Report): string[] {
  const failure = report.failure;
  if (!failure) return [];
  const where = failure.stack ? ` for stack ${failure.stack}` : '';
  const lines = failure.message.trim().split('\n');
  const shown = lines.slice(0, ERROR_LINES).join('\n');
  const rest = lines.length > ERROR_LINES ? [`_${plural(lines.length - ERROR_LINES, 'more line')} of the error are in the job log._`, ''] : [];
  return [`### ❌ cdkws diff failed: ${failure.step}${where}`, '', ...fenced(shown), '', ...rest];
}

function renderPolicy(reports: PolicyReport[]): string[] {
  const findings = allFindings(reports).sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const suppressions = reports.flatMap((r) => r.suppressions);
  if (findings.length === 0 && suppressions.length === 0) return [];
  const errors = findings.filter((f) => f.severity === 'error').length;
  const lines = [`### Policy: ${plural(errors, 'error')}, ${plural(findings.length - errors, 'warning')}`, ''];
  if (findings.length > 0) {
    lines.push('| | rule | construct | attribute | finding | fix |', '|---|---|---|---|---|---|');
    for (const f of findings) {
      const where = f.workspace ? `${code(f.path)} (${f.workspace})` : code(f.path);
      lines.push(
        `| ${f.severity === 'error' ? '❌ error' : '⚠️ warning'} | ${code(f.ruleId)} | ${cell(where)} | ${code(f.attribute)} | ${cell(f.message)} | ${cell(f.fix)} |`,
      );
    }
    lines.push('');
  }
  if (suppressions.length > 0) {
    lines.push('**Suppressed:**', '');
    for (const s of suppressions) lines.push(`- ${code(s.ruleId)} on ${code(s.path)} (${plural(s.suppressed, 'finding')}): ${cell(s.reason)}`);
    lines.push('');
  }
  return lines;
}

function renderWarnings(summary: PlanSummary, level: Level): string[] {
  if (summary.warnings.length === 0) return [];
  if (level.warningPerResource)
    return [
      ...summary.warnings
        .map((w) => `> ⚠️ **Warning:** ${w}`)
        .join('\n>\n')
        .split('\n'),
      '',
    ];
  const lines: string[] = [];
  for (const action of ['delete', 'replace'] as const) {
    const rows = summary.resources.filter((r) => r.action === action);
    if (rows.length === 0) continue;
    const names = rows.map((r) => (r.type === WORKSPACE_RESOURCE_TYPE || !r.workspace ? r.name : `${r.name} (${r.workspace})`)).join(', ');
    lines.push(
      `> ⚠️ **Warning:** ${plural(rows.length, 'resource')} will be ${action === 'delete' ? 'destroyed' : 'replaced (destroyed, then created)'}: ${names}`,
      '>',
    );
  }
  lines.splice(lines.length - 1, 1, '');
  return lines;
}

function renderDrift(summary: PlanSummary, level: Level, omitted: Omitted): string[] {
  if (summary.drift.length === 0) return [];
  const lines = [
    `#### Changed outside of code since the last deploy`,
    '',
    `Terraform found ${plural(summary.drift.length, 'resource')} changed outside of this code (by hand or by another tool). These are not changes of this pull request; the plan above sets back what the code manages.`,
    '',
  ];
  for (const d of summary.drift) {
    const isWorkspace = d.type === WORKSPACE_RESOURCE_TYPE;
    const what = isWorkspace ? `workspace ${d.name}` : `${code(d.name)}${d.workspace ? ` (${d.workspace})` : ''}`;
    if (d.action === 'delete') {
      lines.push(`- ${what}: deleted outside of code`);
    } else if (level.driftAttributes) {
      lines.push(`- ${what}:`);
      for (const change of d.attributes) lines.push(`  - ${code(describeChange(change, 'update', level.valueLimit))}`);
    } else {
      lines.push(`- ${what}: ${d.attributes.map((a) => a.name).join(', ')}`);
      omitted.driftDetails += 1;
    }
  }
  lines.push('');
  return lines;
}

interface Omitted {
  planText: boolean;
  longValues: boolean;
  attributeSections: number;
  driftDetails: number;
  rows: Partial<Record<ChangeAction, number>>;
}

const LEGEND = '🔴 destroy · 🟠 replace · 🟡 change · 🟢 create · 🔵 import';

/** What a row changes, one item per line: the workspace's attributes, then its resources'. */
function rowChanges(row: WorkspaceChange, level: Level, omitted: Omitted): string {
  const action = row.action ?? 'update';
  const verb = rowVerb(row);
  const items: string[] = verb ? [`**${verb}**`] : [];
  if (level.attributes) {
    for (const change of row.attributes) items.push(code(shortened(describeChange(change, action, level.valueLimit), describeChange(change, action), omitted)));
    for (const r of row.resources) items.push(code(shortened(describeMember(r, level.valueLimit), describeMember(r), omitted)));
  } else {
    // Attribute names only: what changes, without the values.
    if (row.attributes.length > 0) items.push(code(row.attributes.map((a) => a.name).join(', ')));
    for (const r of row.resources) items.push(code(`${SYMBOL[r.action]} ${r.name}`));
    if (row.attributes.length > 0 || row.resources.some((r) => r.attributes.length > 0)) omitted.attributeSections += 1;
  }
  return items.map(cell).join('<br>');
}

function shortened(line: string, full: string, omitted: Omitted): string {
  if (line !== full) omitted.longValues = true;
  return line;
}

function workspaceText(row: WorkspaceChange, stack: string): string {
  const where = row.path && row.path !== `${stack}/${row.workspace}` ? ` (${code(row.path)})` : '';
  return `${row.workspace}${where}`;
}

/** Workspace rows whose changes read the same, shown as one row. */
interface RowGroup {
  action: ChangeAction;
  changes: string;
  rows: WorkspaceChange[];
  omitted: Pick<Omitted, 'longValues' | 'attributeSections'>;
}

/**
 * Identical changes across workspaces are one row naming every workspace (folded in a `<details>`
 * list), in the place of its first workspace. A destroy or a replacement keeps a row of its own:
 * each such workspace is named where it cannot be missed.
 */
function groupRows(rows: WorkspaceChange[], level: Level): RowGroup[] {
  const groups: RowGroup[] = [];
  const byChanges = new Map<string, RowGroup>();
  for (const row of rows) {
    const omitted: Omitted = { planText: false, longValues: false, attributeSections: 0, driftDetails: 0, rows: {} };
    const action = rowAction(row);
    const changes = rowChanges(row, level, omitted);
    const key = `${action}\n${changes}`;
    const same = RISKY.has(action) ? undefined : byChanges.get(key);
    if (same) {
      same.rows.push(row);
      continue;
    }
    const group = { action, changes, rows: [row], omitted };
    groups.push(group);
    if (!RISKY.has(action)) byChanges.set(key, group);
  }
  return groups;
}

function groupCell(group: RowGroup, stack: string): string {
  if (group.rows.length === 1) return cell(workspaceText(group.rows[0], stack));
  const names = group.rows.map((row) => workspaceText(row, stack)).join(', ');
  return cell(`<details><summary>${group.rows.length} workspaces</summary>${names}</details>`);
}

function renderRows(summary: PlanSummary, level: Level, omitted: Omitted): string[] {
  const lines: string[] = [];
  const shown = summary.workspaces.filter((row) => level.rows.has(rowAction(row)));
  const others = summary.others.filter((r) => level.rows.has(r.action));
  if (shown.length > 0 || others.length > 0) lines.push(`<sub>${LEGEND}</sub>`, '');
  if (shown.length > 0) {
    lines.push('| | workspace | changes |', '|---|---|---|');
    for (const group of groupRows(shown, level)) {
      lines.push(`| ${EMOJI[group.action]} | ${groupCell(group, summary.stack)} | ${group.changes} |`);
      omitted.longValues ||= group.omitted.longValues;
      omitted.attributeSections += group.omitted.attributeSections;
    }
    lines.push('');
  }
  if (others.length > 0) {
    lines.push('| | resource | workspaces | changes |', '|---|---|---|---|');
    for (const r of others) {
      const changes = level.attributes
        ? r.attributes.map((a) => code(describeChange(a, r.action, level.valueLimit)))
        : [code(r.attributes.map((a) => a.name).join(', '))];
      lines.push(`| ${EMOJI[r.action]} | ${cell(code(r.name))} | ${cell(r.workspace ?? '–')} | ${changes.map(cell).join('<br>')} |`);
    }
    lines.push('');
  }
  const folded = new Map<ChangeAction, number>();
  for (const action of [...summary.workspaces.map(rowAction), ...summary.others.map((r) => r.action)]) {
    if (!level.rows.has(action)) folded.set(action, (folded.get(action) ?? 0) + 1);
  }
  if (folded.size > 0) {
    const words = [...folded].map(([action, n]) => plural(n, `${action} row`));
    lines.push(`Not listed: ${words.join(', ')} (counted above).`, '');
    for (const [action, n] of folded) omitted.rows[action] = (omitted.rows[action] ?? 0) + n;
  }
  return lines;
}

/** A row's action: what happens to the workspace, or its most severe resource change. */
function rowAction(row: WorkspaceChange): ChangeAction {
  const actions = [...(row.action ? [row.action] : ['update' as const]), ...row.resources.map((r) => r.action)];
  return actions.reduce((a, b) => (ORDER[b] < ORDER[a] ? b : a));
}

function renderStack(summary: PlanSummary, text: string | undefined, level: Level, omitted: Omitted): string[] {
  const lines = [`### cdkws diff: ${summary.stack}`, ''];
  if (!hasChanges(summary)) {
    lines.push('**No changes.** The workspaces match the configuration.', '');
  } else {
    lines.push(`**${countsLine(summary)}**`, '');
    lines.push(...renderWarnings(summary, level));
    lines.push(...renderRows(summary, level, omitted));
  }
  lines.push(...renderDrift(summary, level, omitted));
  if (text !== undefined && text.trim() !== '') {
    if (level.planText) lines.push('<details><summary>Full plan</summary>', '', ...fenced(text), '', '</details>', '');
    else omitted.planText = true;
  }
  return lines;
}

function omissionNote(omitted: Omitted, maxChars: number, fullReport: string | undefined): string[] {
  const parts: string[] = [];
  if (omitted.planText) parts.push('the full plan text');
  if (omitted.longValues) parts.push(`values longer than ${VALUE_LIMIT} characters (shortened)`);
  if (omitted.attributeSections > 0) parts.push(`the values of the changes in ${plural(omitted.attributeSections, 'row')} (the attributes are named)`);
  if (omitted.driftDetails > 0) parts.push(`the attribute values of ${plural(omitted.driftDetails, 'resource')} changed outside of code`);
  const rows = Object.entries(omitted.rows).map(([action, n]) => `${n} ${action}`);
  if (rows.length > 0) parts.push(`the rows of ${rows.join(', ')} (counted above)`);
  if (parts.length === 0) return [];
  const where = fullReport ? `The full report is ${code(fullReport)}.` : 'Run `cdkws diff --markdown-full FILE` for the full report.';
  return ['---', '', `_Shortened to fit ${maxChars.toLocaleString('en-US')} characters: left out ${parts.join('; ')}. ${where}_`];
}

function renderAt(report: Report, level: Level, maxChars: number, fullReport: string | undefined): string {
  const omitted: Omitted = { planText: false, longValues: false, attributeSections: 0, driftDetails: 0, rows: {} };
  const lines = [...approvalMarkdown(report.stacks.map((s) => s.summary)), ...renderFailure(report), ...renderPolicy(report.policy)];
  for (const { summary, text } of report.stacks) lines.push(...renderStack(summary, text, level, omitted));
  lines.push(...omissionNote(omitted, maxChars, fullReport));
  if (lines.length === 0) lines.push('No stacks were planned.');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The unbounded summary (`--markdown-full`). */
export function renderMarkdownFull(report: Report): string {
  return renderAt(report, LEVELS[0], Infinity, undefined);
}

/** The summary at the most detailed level that fits `maxChars` (JavaScript string length, as GitHub counts). */
export function renderPlanMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  let text = '';
  for (const level of LEVELS) {
    text = renderAt(report, level, maxChars, options.fullReport);
    if (text.length <= maxChars) return text;
  }
  // Even the names of what is destroyed do not fit: cut, and say so.
  const note = `\n\n_Cut at ${maxChars.toLocaleString('en-US')} characters. ${options.fullReport ? `The full report is ${code(options.fullReport)}.` : 'Run `cdkws diff --markdown-full FILE` for the full report.'}_\n`;
  return `${text.slice(0, Math.max(0, maxChars - note.length))}${note}`.slice(0, maxChars);
}
