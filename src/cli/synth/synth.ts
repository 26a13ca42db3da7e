// `cdkws synth`: runs the `app` command of cdktf.json and writes cdktf.out.
import { parseCommandArgs } from '../common/args';
import { terminalOutput } from '../common/output';
import { synthesizeChecked } from '../review/policy-check';
import { readProjectConfig, type StackInfo } from '../common/project';
import { shownPath } from '../workflow/workflow';

const HELP = `usage: cdkws synth

Runs the "app" command of cdktf.json (in the current directory) and writes each stack to
<output>/stacks/<stack>/cdk.tf.json (output defaults to cdktf.out). The app runs without
CDKWS_TOKEN or TFE_TOKEN in its environment, and synth fails if a stack holds a token.`;

export function synth(argv: string[]): Promise<number> {
  return synthesizeAndPrint('synth', argv, HELP, (stack) => stack.synthesizedStackPath);
}

/** Synthesizes the app and prints one line per stack: its name and the path `pathOf` picks. */
export async function synthesizeAndPrint(command: string, argv: string[], help: string, pathOf: (stack: StackInfo) => string): Promise<number> {
  const args = parseCommandArgs(command, argv, {}, help, 0);
  if (args === 'help') {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  const output = terminalOutput();
  const config = readProjectConfig();
  const { stacks } = await synthesizeChecked(output, config);
  for (const stack of stacks) output.out(`${stack.name}\t${shownPath(pathOf(stack))}\n`);
  return 0;
}
