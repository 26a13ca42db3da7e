// `cdkws list`: the stacks of the app, one per line.
import { parseCommandArgs } from './args';
import { terminalOutput, withProgress } from './output';
import { readProjectConfig, synthesize } from './project';
import { shownPath } from './workflow';

const HELP = `usage: cdkws list

Synthesizes the app and prints each stack's name and working directory, one stack per line.`;

export async function list(argv: string[]): Promise<number> {
  const args = parseCommandArgs('list', argv, {}, HELP, 0);
  if (args === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const output = terminalOutput();
  const config = readProjectConfig();
  const stacks = await withProgress(output, 'Synthesizing', () => synthesize(config));
  for (const stack of stacks) output.out(`${stack.name}\t${shownPath(stack.workingDirectory)}\n`);
  return 0;
}
