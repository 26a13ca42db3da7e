// `cdkws deploy [stack] [--auto-approve]` and `cdkws destroy [stack] [--auto-approve]`: plan, show
// the summary, ask (unless --auto-approve), and apply exactly the plan that was shown.
import { parseCommandArgs } from '../common/args';
import { paint, terminalOutput, type Output } from '../common/output';
import { countsLine } from '../review/plan-summary';
import { renderText } from '../review/plan-report';
import { applyPlan, confirm, planStack, prepare, type Prepared } from '../workflow/workflow';

const help = (command: 'deploy' | 'destroy') => `usage: cdkws ${command} [stack] [--auto-approve]

${command === 'deploy' ? 'Synthesizes the app, plans each stack (all when none is named), shows the changes' : 'Plans the destruction of everything each stack (all when none is named) manages, shows it'}
and applies that saved plan after asking. Off a terminal, --auto-approve is required.

  --auto-approve  apply without asking`;

async function run(command: 'deploy' | 'destroy', argv: string[]): Promise<number> {
  const args = parseCommandArgs(command, argv, { 'auto-approve': { type: 'boolean' } }, help(command));
  if (args === 'help') {
    process.stdout.write(`${help(command)}\n`);
    return 0;
  }
  const output = terminalOutput();
  const prepared = await prepare(output, args.positionals[0]);
  try {
    return await deployStacks(command, output, prepared, args.values['auto-approve'] === true);
  } finally {
    await prepared.release();
  }
}

async function deployStacks(command: 'deploy' | 'destroy', output: Output, prepared: Prepared, autoApprove: boolean): Promise<number> {
  for (const stack of prepared.stacks) {
    const plan = await planStack(output, prepared, stack, { destroy: command === 'destroy' });
    output.out(renderText(plan.summary, output, { destroyRequested: command === 'destroy' }));
    if (!plan.changed) continue;
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
