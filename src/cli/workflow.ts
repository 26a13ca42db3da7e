// The steps diff, deploy and destroy share: synthesize, install the provider, then per stack
// init → plan (saved) → summary, and apply of a saved plan with per-resource progress.
import path from 'node:path';
import { paint, redact, withProgress, CliError, type Output } from './output';
import { readProjectConfig, selectStacks, synthesize, type ProjectConfig, type StackInfo } from './project';
import { summarizePlan, type PlanSummary } from './plan-summary';
import { ensureProvider, initIfNeeded, terraformRunner, type ProviderInstallation, type TerraformRunner } from './terraform';

export const PLAN_FILE = 'cdkws.tfplan';

export interface Prepared {
  config: ProjectConfig;
  stacks: StackInfo[];
  install: ProviderInstallation;
}

/** Synthesizes the app in the current directory and installs the provider. */
export async function prepare(output: Output, stackName: string | undefined): Promise<Prepared> {
  const config = readProjectConfig();
  const all = await withProgress(output, 'Synthesizing', () => synthesize(config));
  const stacks = selectStacks(all, stackName);
  const install = ensureProvider(config.dir);
  return { config, stacks, install };
}

export interface StackPlan {
  stack: StackInfo;
  runner: TerraformRunner;
  summary: PlanSummary;
  /** Terraform's own rendering of the plan (for the collapsed details of the summary). */
  text: string;
  changed: boolean;
}

/** init (when needed) and `terraform plan -detailed-exitcode -out=…`, then the plan's summary. */
export async function planStack(output: Output, prepared: Prepared, stack: StackInfo, options: { destroy?: boolean } = {}): Promise<StackPlan> {
  const runner = terraformRunner(stack, prepared.install);
  await withProgress(output, `Initializing ${stack.name}`, () => initIfNeeded(stack, prepared.install, runner));
  const args = ['plan', '-input=false', '-no-color', '-detailed-exitcode', `-out=${PLAN_FILE}`];
  if (options.destroy) args.push('-destroy');
  const plan = await withProgress(output, `Planning ${stack.name}`, () => runner.check(args, [0, 2]));
  const json = await runner.check(['show', '-json', PLAN_FILE]);
  const text = await runner.check(['show', '-no-color', PLAN_FILE]);
  const summary = summarizePlan(stack.name, JSON.parse(json.stdout));
  return { stack, runner, summary, text: redact(text.stdout), changed: plan.code === 2 };
}

interface ApplyEvent {
  type?: string;
  '@message'?: string;
  diagnostic?: { severity?: string; summary?: string; detail?: string; address?: string };
}

/**
 * Applies a saved plan. `-json` gives one event per resource, printed as it completes (above the
 * spinner on a terminal), so a long apply shows where it is.
 */
export async function applyPlan(output: Output, plan: StackPlan, verb: string): Promise<void> {
  const diagnostics: string[] = [];
  const result = await withProgress(output, `${verb} ${plan.stack.name}`, (note) =>
    plan.runner.run(['apply', '-input=false', '-no-color', '-json', PLAN_FILE], {
      onLine: (line) => {
        const event = parseEvent(line);
        if (!event) return;
        if (event.type === 'apply_complete' || event.type === 'apply_errored') note(`  ${redact(event['@message'] ?? '')}`);
        if (event.type === 'diagnostic' && event.diagnostic) {
          const d = event.diagnostic;
          const where = d.address ? ` (${d.address})` : '';
          const detail = d.detail ? `\n  ${d.detail.replace(/\n/g, '\n  ')}` : '';
          diagnostics.push(`${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.summary ?? ''}${where}${detail}`);
        }
      },
    }),
  );
  for (const d of diagnostics) output.err(`${paint(output, d.startsWith('Error') ? 'red' : 'yellow', redact(d))}\n`);
  if (result.code !== 0) {
    const detail = diagnostics.length > 0 ? '' : `:\n${redact(result.stderr.trim())}`;
    throw new CliError(`terraform apply failed for stack "${plan.stack.name}" (exit ${result.code})${detail}`);
  }
}

function parseEvent(line: string): ApplyEvent | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as ApplyEvent;
  } catch {
    return undefined;
  }
}

/** Asks on a terminal; refuses when there is none (pipelines pass --auto-approve). */
export async function confirm(output: Output, question: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new CliError('not on a terminal: pass --auto-approve to apply without asking');
  const readline = await import('node:readline/promises');
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} ${paint(output, 'dim', '[y/N]')} `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** The path shown to the user: relative to the current directory when inside it. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}
