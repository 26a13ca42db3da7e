// `cdkws deploy [stack] [--auto-approve] [--plan DIR] [--approve-destroy]` and `cdkws destroy
// [stack] [--auto-approve]`: plan (or take the reviewed plan of `cdkws diff --save-plan DIR`), show
// the summary, ask (unless --auto-approve), and apply exactly the plan that was shown. A deploy that
// destroys workspaces without asking needs --approve-destroy (destroy-approval.ts).
import { parseCommandArgs } from '../common/args';
import { CliError, paint, terminalOutput, withProgress, type Output } from '../common/output';
import { approvalRefusal, destroysNeedingApproval } from '../review/destroy-approval';
import { countsLine } from '../review/plan-summary';
import { renderText } from '../review/plan-report';
import { initIfNeeded, terraformRunner } from '../workflow/terraform';
import { applyPlan, confirm, planStack, prepare, readSavedPlan, type Prepared, type StackPlan } from '../workflow/workflow';
import { placeReviewedPlan, readManifest } from '../workflow/saved-plan';

type Command = 'deploy' | 'destroy';

const help = (command: Command) =>
  command === 'deploy'
    ? `usage: cdkws deploy [stack] [--auto-approve] [--plan DIR] [--approve-destroy]

Synthesizes the app, plans each stack (all when none is named), shows the changes and applies that
saved plan after asking. Off a terminal, --auto-approve is required.

  --auto-approve     apply without asking
  --plan DIR         apply the reviewed plan that "cdkws diff --save-plan DIR" wrote instead of
                     planning again; refused when the app here synthesizes to something else, or
                     when the state changed since the plan was made
  --approve-destroy  allow a plan that destroys workspaces (or organizations) to be applied without
                     asking: without it such a deploy refuses before changing anything`
    : `usage: cdkws destroy [stack] [--auto-approve]

Plans the destruction of everything each stack (all when none is named) manages, shows it
and applies that saved plan after asking. Off a terminal, --auto-approve is required.

  --auto-approve  apply without asking`;

interface Options {
  autoApprove: boolean;
  approveDestroy: boolean;
  planDir?: string;
}

const FLAGS = {
  deploy: { 'auto-approve': { type: 'boolean' }, plan: { type: 'string' }, 'approve-destroy': { type: 'boolean' } },
  destroy: { 'auto-approve': { type: 'boolean' } },
} as const;

async function run(command: Command, argv: string[]): Promise<number> {
  const args = parseCommandArgs(command, argv, { ...FLAGS[command] }, help(command));
  if (args === 'help') {
    process.stdout.write(`${help(command)}\n`);
    return 0;
  }
  const options: Options = {
    autoApprove: args.values['auto-approve'] === true,
    approveDestroy: args.values['approve-destroy'] === true,
    planDir: args.values.plan as string | undefined,
  };
  if (options.planDir !== undefined) readManifest(options.planDir); // a wrong folder is refused before the synth
  const output = terminalOutput();
  const prepared = await prepare(output, args.positionals[0]);
  try {
    if (options.planDir !== undefined) {
      // Every reviewed plan is checked (synth, approval) before the first is applied.
      const plans = await reviewedPlans(output, prepared, options.planDir);
      checkApproval(command, plans, options);
      return await applyAll(command, output, plans, options.autoApprove);
    }
    // Planned and applied stack by stack: a later stack may read what an earlier one deployed.
    for (const stack of prepared.stacks) {
      const plan = await planStack(output, prepared, stack, { destroy: command === 'destroy' });
      output.out(renderText(plan.summary, output, { destroyRequested: command === 'destroy' }));
      checkApproval(command, [plan], options);
      if ((await applyAll(command, output, [plan], options.autoApprove)) !== 0) return 1;
    }
    return 0;
  } finally {
    await prepared.release();
  }
}

/** Every stack's reviewed plan, checked against the app here, before any of them is applied. */
async function reviewedPlans(output: Output, prepared: Prepared, dir: string): Promise<StackPlan[]> {
  const manifest = readManifest(dir);
  const plans: StackPlan[] = [];
  for (const stack of prepared.stacks) {
    const entry = placeReviewedPlan(dir, manifest, stack);
    const runner = terraformRunner(stack, prepared.install, prepared.provider);
    await withProgress(output, `Initializing ${stack.name}`, () => initIfNeeded(stack, prepared.install, runner));
    const plan = await readSavedPlan(stack, runner, entry.changed);
    output.out(renderText(plan.summary, output));
    plans.push(plan);
  }
  return plans;
}

/** A deploy that destroys workspaces without a person answering the question needs --approve-destroy. */
function checkApproval(command: Command, plans: StackPlan[], options: Options): void {
  if (command !== 'deploy' || options.approveDestroy) return;
  if (!options.autoApprove && options.planDir === undefined) return; // the question names what is destroyed
  const destroys = plans.filter((p) => p.changed).flatMap((p) => destroysNeedingApproval(p.summary));
  if (destroys.length > 0) throw new CliError(approvalRefusal(destroys));
}

async function applyAll(command: Command, output: Output, plans: StackPlan[], autoApprove: boolean): Promise<number> {
  for (const plan of plans) {
    if (!plan.changed) continue;
    const stack = plan.stack;
    if (!autoApprove) {
      const question = `${command === 'deploy' ? 'Deploy' : 'Destroy'} ${stack.name} (${countsLine(plan.summary)})?`;
      if (!(await confirm(output, question))) {
        output.err(`${command} of ${stack.name} cancelled\n`);
        return 1;
      }
    }
    await applyPlan(output, plan, command === 'deploy' ? 'Deploying' : 'Destroying');
    const { import: imported, add, change, destroy: removed } = plan.summary;
    output.out(
      `${paint(output, 'green', '✔')} ${stack.name}: ${command === 'deploy' ? 'deployed' : 'destroyed'}: ${imported > 0 ? `${imported} imported, ` : ''}${add} added, ${change} changed, ${removed} destroyed\n`,
    );
  }
  return 0;
}

export const deploy = (argv: string[]) => run('deploy', argv);
export const destroy = (argv: string[]) => run('destroy', argv);
