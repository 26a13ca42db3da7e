// `cdkws diff [stack] [--markdown FILE] [--json FILE]`: what deploy would change, for a terminal and
// for a pull request. Exit 0: no changes; 2: changes; 1: error (like terraform's -detailed-exitcode).
// The summary files are written on error too, saying what failed, so a pull request never shows
// an older summary or none.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PolicyReport } from '../../contract/policy-report';
import { parseCommandArgs } from '../common/args';
import { CliError, StepError, redact, terminalOutput } from '../common/output';
import { approvalJson } from '../review/destroy-approval';
import { DEFAULT_MAX_CHARS, renderPlanMarkdown, renderMarkdownFull } from '../review/plan-markdown';
import { renderText, type Report, type ReportFailure } from '../review/plan-report';
import { PolicyError } from '../review/policy-check';
import { planStack, prepare, shownPath, type StackPlan } from '../workflow/workflow';
import { savePlans } from '../workflow/saved-plan';

const HELP = `usage: cdkws diff [stack] [--markdown FILE] [--json FILE] [--max-chars N] [--markdown-full FILE] [--save-plan DIR]

Synthesizes the app (with its policy checks), runs "terraform plan" for the stack (all stacks when
none is named) with the provider installed offline, and prints what would change.

  --markdown FILE       write a pull-request summary: policy findings, counts, warnings for deletes
                        and replacements, a table of changed resources, attribute changes, changes
                        made outside of code (drift), and the full plan collapsed; at most
                        --max-chars characters (detail is left out first, and the summary says what)
  --max-chars N         the limit of --markdown (default ${DEFAULT_MAX_CHARS}; a GitHub comment holds 65,536)
  --markdown-full FILE  write the same summary without a limit (e.g. a CI artifact)
  --json FILE           write the summary as JSON (shape: docs/guide-review.md)
  --save-plan DIR       keep each stack's saved plan, with what it was made from, in DIR (a CI
                        artifact): "cdkws deploy --plan DIR" applies exactly that plan

The files are written on error too, saying which step failed.
Exit status: 0 no changes, 2 changes, 1 error.`;

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, redact(text));
}

function maxCharsOf(value: string | boolean | undefined): number {
  if (value === undefined) return DEFAULT_MAX_CHARS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1000) throw new CliError(`--max-chars must be a whole number of at least 1000, not "${value}"\n\n${HELP}`);
  return n;
}

function failureOf(error: unknown): ReportFailure {
  const message = redact(error instanceof Error ? error.message : String(error));
  if (error instanceof StepError) return { step: error.step, stack: error.stackName, message };
  return { step: 'diff', message };
}

const stackChanged = (entry: Report['stacks'][number]) => entry.changed ?? entry.summary.resources.length > 0;

/**
 * The `--json` document (docs/guide-review.md): values once-encoded, one entry per planned stack,
 * its changes grouped by workspace as in the summary. Version 2: `resources` became `workspaces`
 * (rows) and `others` (resources of no single workspace).
 */
export function jsonReport(report: Report): unknown {
  const changes = report.stacks.some(stackChanged);
  return {
    version: 2,
    changes,
    ...(report.failure ? { error: report.failure } : {}),
    ...approvalJson(report.stacks.map((s) => s.summary)),
    policy: {
      findings: report.policy.flatMap((p) => p.findings),
      suppressions: report.policy.flatMap((p) => p.suppressions),
    },
    stacks: report.stacks.map((entry) => {
      const { resources, ...grouped } = entry.summary;
      return { ...grouped, changes: stackChanged(entry) };
    }),
  };
}

export async function diff(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    'diff',
    argv,
    {
      markdown: { type: 'string' },
      json: { type: 'string' },
      'max-chars': { type: 'string' },
      'markdown-full': { type: 'string' },
      'save-plan': { type: 'string' },
    },
    HELP,
  );
  if (args === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const markdownFile = args.values.markdown as string | undefined;
  const fullFile = args.values['markdown-full'] as string | undefined;
  const jsonFile = args.values.json as string | undefined;
  const planDir = args.values['save-plan'] as string | undefined;
  const maxChars = maxCharsOf(args.values['max-chars']);
  // A diff that fails before writing must not leave an older summary behind for a pipeline to post.
  for (const file of [markdownFile, fullFile, jsonFile, planDir]) if (file) rmSync(file, { force: true, recursive: true });
  const output = terminalOutput();
  const plans: StackPlan[] = [];
  let policy: PolicyReport[] = [];
  // Boxed: a failure may be any thrown value, even undefined.
  let failure: { error: unknown } | undefined;
  try {
    const prepared = await prepare(output, args.positionals[0]);
    policy = prepared.policy;
    try {
      for (const stack of prepared.stacks) {
        const plan = await planStack(output, prepared, stack);
        plans.push(plan);
        output.out(renderText(plan.summary, output));
      }
      // Only a complete plan is kept: a deploy must never apply part of the stacks.
      if (planDir) savePlans(planDir, plans);
    } finally {
      await prepared.release();
    }
  } catch (error) {
    if (error instanceof PolicyError) policy = error.policy;
    failure = { error };
  }
  const report: Report = {
    stacks: plans.map((p) => ({ summary: p.summary, text: p.text, changed: p.changed })),
    policy,
    failure: failure === undefined ? undefined : failureOf(failure.error),
  };
  if (fullFile) writeFile(fullFile, renderMarkdownFull(report));
  if (markdownFile) {
    const fullReport = fullFile ? shownPath(path.resolve(fullFile)) : undefined;
    writeFile(markdownFile, renderPlanMarkdown(report, { maxChars, fullReport }));
    output.err(`Wrote the summary to ${shownPath(path.resolve(markdownFile))}\n`);
  }
  if (jsonFile) writeFile(jsonFile, `${JSON.stringify(jsonReport(report), null, 2)}\n`);
  if (failure !== undefined) throw failure.error;
  return report.stacks.some(stackChanged) ? 2 : 0;
}
