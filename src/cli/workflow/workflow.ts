// The steps diff, deploy and destroy share: synthesize (with the policy checks), install the
// provider, then per stack init → plan (saved) → summary, and apply of a saved plan with
// per-resource progress ("N of M") for both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PolicyReport } from '../../contract/policy-report';
import { formatDiagnostics, type TerraformDiagnostic } from '../common/diagnostics';
import { paint, redact, withProgress, CliError, StepError, type Output } from '../common/output';
import { synthesizeChecked } from '../review/policy-check';
import { ApplyProgress, parseEvent, PlanProgress } from '../review/plan-progress';
import { readProjectConfig, selectStacks, type ProjectConfig, type StackInfo } from '../common/project';
import {
  constructPaths,
  summarizePlan,
  WORKSPACE_RESOURCE_TYPE,
  unnamedWorkspaceIds,
  type JsonPlan,
  type PlanSummary,
  type SynthesizedStack,
} from '../review/plan-summary';
import { reattachWanted, startReattachedProvider, type ReattachedProvider } from './provider-process';
import { ensureProvider, initIfNeeded, terraformEnvironment, terraformRunner, type ProviderInstallation, type TerraformRunner } from './terraform';
import { lookUpWorkspaceNames } from './workspace-names';

export const PLAN_FILE = 'cdkws.tfplan';

export interface Prepared {
  config: ProjectConfig;
  stacks: StackInfo[];
  install: ProviderInstallation;
  /** The policy reports of the synth (findings are warnings only: an error stops `prepare`). */
  policy: PolicyReport[];
  /** The provider process Terraform reattaches to; undefined when Terraform starts its own. */
  provider: Promise<ReattachedProvider | undefined>;
  /** Stops the provider process (it also ends with cdkws). */
  release(): Promise<void>;
}

/**
 * Installs the provider and starts one provider process for every Terraform command of this run
 * (provider-process.ts), while it synthesizes the app in the current directory (policy checks
 * included): the provider's start-up is then off the plan's path.
 */
export async function prepare(output: Output, stackName: string | undefined): Promise<Prepared> {
  const config = readProjectConfig();
  const install = ensureProvider(config.dir);
  // A provider that fails to start costs nothing but speed: Terraform then starts its own.
  const provider = reattachWanted()
    ? startReattachedProvider(install.executable, terraformEnvironment(install), config.dir).catch(() => undefined)
    : Promise.resolve(undefined);
  const release = async () => (await provider)?.stop();
  try {
    const { stacks: all, policy } = await synthesizeChecked(output, config);
    const stacks = selectStacks(all, stackName);
    const names = new Set(stacks.map((s) => s.name));
    return { config, stacks, install, policy: policy.filter((p) => names.has(p.stack)), provider, release };
  } catch (error) {
    await release();
    throw error;
  }
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
  const runner = terraformRunner(stack, prepared.install, prepared.provider);
  await withProgress(output, `Initializing ${stack.name}`, () => initIfNeeded(stack, prepared.install, runner));
  const args = ['plan', '-input=false', '-no-color', '-json', '-detailed-exitcode', `-out=${PLAN_FILE}`];
  if (options.destroy) args.push('-destroy');
  const diagnostics: TerraformDiagnostic[] = [];
  const counter = new PlanProgress();
  const plan = await withProgress(output, `Planning ${stack.name}`, async (_note, progress) => {
    progress.status(counter.text());
    const result = await runner.run(args, {
      onLine: (line) => {
        const event = parseEvent(line);
        if (!event) return;
        if (event.type === 'diagnostic' && event.diagnostic) diagnostics.push(event.diagnostic);
        if (counter.observe(event)) progress.status(counter.text());
      },
    });
    if (result.code !== 0 && result.code !== 2) {
      // Identical diagnostics (one per resource) are shown once; stderr holds what -json does not.
      const detail = [...formatDiagnostics(diagnostics), result.stderr.trim()].filter(Boolean).join('\n');
      throw new StepError('plan', `terraform plan failed for stack "${stack.name}" (exit ${result.code}):\n${redact(detail)}`, stack.name);
    }
    return result;
  });
  return readSavedPlan(stack, runner, plan.code === 2);
}

/** The summary of the plan saved in the stack's directory (`PLAN_FILE`), from `terraform show`. */
export async function readSavedPlan(stack: StackInfo, runner: TerraformRunner, changed: boolean): Promise<StackPlan> {
  const json = await runner.check(['show', '-json', PLAN_FILE]);
  const text = await runner.check(['show', '-no-color', PLAN_FILE]);
  // terraform's own `show -json` output: its format is versioned by terraform, not user input.
  const planJson = JSON.parse(json.stdout) as JsonPlan;
  const knownNames = await lookUpWorkspaceNames(stack, unnamedWorkspaceIds(planJson));
  // The stack cdkws synthesized a moment ago: only its `//` metadata is read.
  const constructPathsByAddress = constructPaths(JSON.parse(readFileSync(stack.synthesizedStackPath, 'utf8')) as SynthesizedStack);
  const summary = summarizePlan(stack.name, planJson, { knownNames, readOnly: await readOnlyAttributes(), constructPaths: constructPathsByAddress });
  return { stack, runner, summary, text: redact(text.stdout), changed };
}

let readOnlyCache: Promise<Map<string, Set<string>>> | undefined;

/** Read-only attributes of each resource type, from the provider's own schema (loaded once). */
function readOnlyAttributes(): Promise<Map<string, Set<string>>> {
  readOnlyCache ??= import('../../provider').then(({ providerSchemaJson }) => {
    const out = new Map<string, Set<string>>();
    const schemas = providerSchemaJson() as {
      provider_schemas?: Record<
        string,
        { resource_schemas?: Record<string, { block?: { attributes?: Record<string, { computed?: boolean; optional?: boolean; required?: boolean }> } }> }
      >;
    };
    for (const provider of Object.values(schemas.provider_schemas ?? {})) {
      for (const [type, schema] of Object.entries(provider.resource_schemas ?? {})) {
        const attributes = Object.entries(schema.block?.attributes ?? {}).filter(([, a]) => a.computed && !a.optional && !a.required);
        out.set(type, new Set(attributes.map(([name]) => name)));
      }
    }
    return out;
  });
  return readOnlyCache;
}

/**
 * Applies a saved plan. `-json` gives one event per resource, printed as it completes with "N of M"
 * (above the spinner on a terminal, as plain lines in a log), so a long apply shows where it is.
 * Identical diagnostics (the same error for every resource) are printed once with a count.
 */
export async function applyPlan(output: Output, plan: StackPlan, verb: string): Promise<void> {
  const diagnostics: TerraformDiagnostic[] = [];
  const counter = new ApplyProgress(plan.summary);
  const labels = new Map(plan.summary.resources.map((r) => [r.address, r.type === WORKSPACE_RESOURCE_TYPE ? `workspace ${r.name}` : r.name]));
  try {
    await withProgress(output, `${verb} ${plan.stack.name}`, async (note, progress) => {
      progress.status(counter.text());
      const result = await plan.runner.run(['apply', '-input=false', '-no-color', '-json', PLAN_FILE], {
        onLine: (line) => {
          const event = parseEvent(line);
          if (!event) return;
          if (event.type === 'apply_complete' || event.type === 'apply_errored') {
            counter.observe(event);
            progress.status(counter.text());
            note(`  [${counter.text()}] ${redact(namedMessage(event['@message'] ?? '', event.hook?.resource?.addr, labels))}`);
          }
          if (event.type === 'diagnostic' && event.diagnostic) diagnostics.push(event.diagnostic);
        },
      });
      // Terraform refuses a saved plan made against an older state before it changes anything.
      if (result.code !== 0 && [...diagnostics.map((d) => d.summary ?? ''), result.stderr].some((t) => /saved plan is stale/i.test(t))) {
        diagnostics.length = 0;
        throw new StepError('apply', stalePlanMessage(plan.stack.name), plan.stack.name);
      }
      // Thrown inside the progress, so a failed apply ends with ✘, never ✔.
      if (result.code !== 0)
        throw new StepError(
          'apply',
          `terraform apply failed for stack "${plan.stack.name}" (exit ${result.code})${diagnostics.length > 0 ? '' : `:\n${redact(result.stderr.trim())}`}`,
          plan.stack.name,
        );
    });
  } finally {
    for (const d of formatDiagnostics(diagnostics)) output.err(`${paint(output, d.startsWith('Error') ? 'red' : 'yellow', redact(d))}\n`);
  }
}

/** What a stale saved plan means and what to do (`cdkws deploy --plan`). */
export function stalePlanMessage(stack: string): string {
  return (
    `the reviewed plan of stack "${stack}" is stale: its state changed after the plan was made (another deploy, or a change ` +
    `outside this pipeline), and Terraform applies a saved plan only to the state it was made from. Nothing was applied. ` +
    `Plan and review again (run the review job of the change again, e.g. re-run it or push to its branch), then deploy the new plan`
  );
}

/** Terraform's `cdkws_tag_binding.x_tag-env_1A2B3C4D: Creation complete` with the name the summary gave it. */
function namedMessage(message: string, address: string | undefined, labels: ReadonlyMap<string, string>): string {
  const label = address === undefined ? undefined : labels.get(address);
  return label !== undefined && address !== undefined && message.startsWith(`${address}:`) ? `${label}${message.slice(address.length)}` : message;
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
