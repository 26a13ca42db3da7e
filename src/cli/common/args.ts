// Argument parsing shared by the commands (node:util parseArgs, as `cdkws serve` does).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './output';

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parses `argv`; unknown options and extra positionals are usage errors that show `help` (main() names the command). */
export function parseCommandArgs(
  _command: string,
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  help: string,
  maxPositionals = 1,
): Parsed | 'help' {
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    // main() puts `cdkws <command>:` before the message, once.
    throw new CliError(`${(error as Error).message}\n\n${help}`);
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length > maxPositionals) {
    throw new CliError(`unexpected argument "${parsed.positionals[maxPositionals]}"\n\n${help}`);
  }
  return parsed;
}
