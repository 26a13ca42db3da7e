// `cdkws provider install [--dir DIR]` and `cdkws provider schema` (architecture "CLI").
import * as path from 'node:path';
import { parseCommandArgs } from '../common/args';
import { CliError } from '../common/output';

const HELP = `usage: cdkws provider install [--dir DIR]
       cdkws provider schema

  install   copy the bundled provider into a filesystem mirror under DIR (default .cdkws/providers)
            and write a Terraform CLI config for it; prints the line to export
  schema    print the provider schema as "terraform providers schema -json" does`;

export async function provider(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'install') {
    const parsed = parseCommandArgs('provider install', rest, { dir: { type: 'string' } }, HELP, 0);
    if (parsed === 'help') return printHelp();
    const { installProvider } = await import('../../provider/install');
    const dir = path.resolve(String(parsed.values.dir ?? path.join('.cdkws', 'providers')));
    let installed;
    try {
      installed = installProvider({ dir });
    } catch (error) {
      throw new CliError(`install: ${(error as Error).message}`);
    }
    process.stderr.write(`installed terraform-provider-cdkws ${installed.version} into ${installed.mirrorDir}\n`);
    process.stdout.write(`export TF_CLI_CONFIG_FILE=${shellQuote(installed.cliConfigFile)}\n`);
    return 0;
  }
  if (sub === 'schema') {
    const parsed = parseCommandArgs('provider schema', rest, {}, HELP, 0);
    if (parsed === 'help') return printHelp();
    const { providerSchemaJson } = await import('../../provider');
    process.stdout.write(`${JSON.stringify(providerSchemaJson())}\n`);
    return 0;
  }
  if (sub === undefined || sub === '-h' || sub === '--help' || sub === 'help') return printHelp(sub === undefined ? 1 : 0);
  throw new CliError(`unknown subcommand "${sub}"\n\n${HELP}`);
}

function printHelp(code = 0): number {
  process.stdout.write(`${HELP}\n`);
  return code;
}

/** Quotes a path for `eval "$(cdkws provider install)"` when it needs it. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
