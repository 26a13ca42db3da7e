// `cdkws diff [stack] [--markdown FILE] [--json FILE]`: what deploy would change, for a terminal and
// for a pull request. Exit 0: no changes; 2: changes; 1: error (like terraform's -detailed-exitcode).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from './args';
import { redact, terminalOutput } from './output';
import { renderMarkdown, renderText } from './plan-report';
import { planStack, prepare, shownPath, type StackPlan } from './workflow';

const HELP = `usage: cdkws diff [stack] [--markdown FILE] [--json FILE]

Synthesizes the app, runs "terraform plan" for the stack (all stacks when none is named) with the
provider installed offline, and prints what would change.

  --markdown FILE  write a pull-request summary: counts, a table of changed resources, attribute
                   changes, warnings for deletes and replacements, and the full plan collapsed
  --json FILE      write the same summary as JSON

Exit status: 0 no changes, 2 changes, 1 error.`;

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, redact(text));
}

export async function diff(argv: string[]): Promise<number> {
  const args = parseCommandArgs('diff', argv, { markdown: { type: 'string' }, json: { type: 'string' } }, HELP);
  if (args === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const markdownFile = args.values.markdown as string | undefined;
  const jsonFile = args.values.json as string | undefined;
  // A failed diff must not leave an older summary behind for a pipeline to post.
  for (const file of [markdownFile, jsonFile]) if (file) rmSync(file, { force: true });
  const output = terminalOutput();
  const prepared = await prepare(output, args.positionals[0]);
  const plans: StackPlan[] = [];
  for (const stack of prepared.stacks) {
    const plan = await planStack(output, prepared, stack);
    plans.push(plan);
    output.out(renderText(plan.summary, output));
  }
  const changed = plans.some((p) => p.changed);
  if (markdownFile) {
    const texts = Object.fromEntries(plans.map((p) => [p.stack.name, p.text]));
    writeFile(markdownFile, renderMarkdown(plans.map((p) => p.summary), texts));
    output.err(`Wrote the summary to ${shownPath(path.resolve(markdownFile))}\n`);
  }
  if (jsonFile) {
    const json = { changes: changed, stacks: plans.map((p) => ({ ...p.summary, changes: p.changed })) };
    writeFile(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
  }
  return changed ? 2 : 0;
}
