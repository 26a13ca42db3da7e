// `cdkws list`: the stacks of the app, one per line.
import { synthesizeAndPrint } from '../synth/synth';

const HELP = `usage: cdkws list

Synthesizes the app and prints each stack's name and working directory, one stack per line.`;

export function list(argv: string[]): Promise<number> {
  return synthesizeAndPrint('list', argv, HELP, (stack) => stack.workingDirectory);
}
