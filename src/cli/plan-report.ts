// The plan summary as a pull-request comment (Markdown) and as terminal text.
import { paint, type Output } from './output';
import { countsLine, hasChanges, type AttributeChange, type ChangeAction, type PlanSummary } from './plan-summary';

const SYMBOL: Record<ChangeAction, string> = { create: '+', update: '~', delete: '-', replace: '-/+', import: '<-' };
const EMOJI: Record<ChangeAction, string> = { create: '🟢', update: '🟡', delete: '🔴', replace: '🟠', import: '🔵' };
const STYLE = { create: 'green', update: 'yellow', delete: 'red', replace: 'red', import: 'cyan' } as const;

/** `name: "a" → "b"`; a created attribute shows its value only, a removed one `→ null`. */
export function describeChange(change: AttributeChange, action: ChangeAction): string {
  const after = change.after ?? 'null';
  const text = action === 'create' || change.before === null ? `${change.name}: ${after}` : `${change.name}: ${change.before} → ${after}`;
  return change.forcesReplacement ? `${text} (forces replacement)` : text;
}

/** An inline code span that survives backticks in the text. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * One section per stack: heading, counts, a table of changed resources, attribute changes,
 * warnings for deletes and replacements, and the full plan text collapsed.
 */
export function renderMarkdown(summaries: PlanSummary[], planTexts: Record<string, string> = {}): string {
  const lines: string[] = [];
  for (const summary of summaries) {
    lines.push(`### cdkws diff: ${summary.stack}`, '');
    if (!hasChanges(summary)) {
      lines.push('**No changes.** The workspaces match the configuration.', '');
    } else {
      lines.push(`**${countsLine(summary)}**`, '');
      for (const warning of summary.warnings) lines.push(`> ⚠️ **Warning:** ${warning}`, '>');
      if (summary.warnings.length > 0) lines.splice(lines.length - 1, 1, '');
      lines.push('| action | resource | workspace |', '|---|---|---|');
      for (const r of summary.resources) {
        lines.push(`| ${EMOJI[r.action]} ${r.action} | ${cell(code(r.address))} | ${r.workspace ? cell(r.workspace) : '–'} |`);
      }
      lines.push('');
      const withChanges = summary.resources.filter((r) => r.attributes.length > 0);
      if (withChanges.length > 0) {
        lines.push('#### Attribute changes', '');
        for (const r of withChanges) {
          lines.push(`**${code(r.address)}** (${r.action})`, '');
          for (const change of r.attributes) lines.push(`- ${code(describeChange(change, r.action))}`);
          lines.push('');
        }
      }
    }
    const text = planTexts[summary.stack];
    if (text !== undefined && text.trim() !== '') {
      const fence = '`'.repeat(Math.max(3, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length + 1)));
      lines.push('<details><summary>Full plan</summary>', '', `${fence}text`, text.trimEnd(), fence, '', '</details>', '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The summary as terminal lines: counts, one line per resource with its attribute changes, warnings. */
export function renderText(summary: PlanSummary, output: Pick<Output, 'color'>): string {
  const lines: string[] = [];
  const heading = paint(output, 'bold', `Stack ${summary.stack}:`);
  if (!hasChanges(summary)) return `${heading} no changes. The workspaces match the configuration.\n`;
  lines.push(`${heading} ${countsLine(summary)}`);
  for (const r of summary.resources) {
    const symbol = paint(output, STYLE[r.action], SYMBOL[r.action].padStart(3));
    lines.push(`${symbol} ${r.address}${r.workspace ? paint(output, 'dim', ` (${r.workspace})`) : ''}`);
    for (const change of r.attributes) lines.push(`        ${describeChange(change, r.action)}`);
  }
  for (const warning of summary.warnings) lines.push(paint(output, 'yellow', `Warning: ${warning}`));
  return `${lines.join('\n')}\n`;
}
