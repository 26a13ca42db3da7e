// `cdkws synth`: runs the `app` command of cdktf.json and writes cdktf.out.
import { parseCommandArgs } from './args';
import { terminalOutput, withProgress } from './output';
import { readProjectConfig, synthesize } from './project';
import { shownPath } from './workflow';

const HELP = `usage: cdkws synth

Runs the "app" command of cdktf.json (in the current directory) and writes each stack to
<output>/stacks/<stack>/cdk.tf.json (output defaults to cdktf.out). The app runs without
CDKWS_TOKEN or TFE_TOKEN in its environment, and synth fails if a stack holds a token.`;

export async function synth(argv: string[]): Promise<number> {
  const args = parseCommandArgs('synth', argv, {}, HELP, 0);
  if (args === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const output = terminalOutput();
  const config = readProjectConfig();
  const stacks = await withProgress(output, 'Synthesizing', () => synthesize(config));
  for (const stack of stacks) output.out(`${stack.name}\t${shownPath(stack.synthesizedStackPath)}\n`);
  return 0;
}
