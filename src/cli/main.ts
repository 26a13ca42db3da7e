// The `cdkws` command line. Each command lives in its own module and is loaded on demand, so
// `cdkws serve` never pays for the provider or the constructs.
import { CliError, redact } from './common/output';

const USAGE = `usage: cdkws <command> [options]

commands:
  synth                         run the app of cdktf.json and write cdktf.out
  diff [stack]                  plan and summarize the changes (--markdown FILE, --json FILE)
  deploy [stack]                apply the changes (--auto-approve; --plan DIR applies a reviewed plan)
  destroy [stack]               destroy what the stack manages (--auto-approve)
  list                          list the app's stacks
  import --organization ORG     write constructs that import the organization's existing workspaces
  provider install [--dir DIR]  lay the provider into a filesystem mirror for offline terraform init
  provider schema               print the provider schema JSON
  serve                         run the workspace service (embedded storage or PostgreSQL)
  token list|create|revoke      users' API tokens on the service's data store (--data or --database)
  init [DIR]                    create an app (--engine cdktf|cdktn, --organization ORG, --ci github|gitlab, --no-install)
  --version                     print the version of cdk-workspaces

run "cdkws <command> --help" for a command's options`;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve/serve')).serve,
  token: async () => (await import('./token/token')).token,
  synth: async () => (await import('./synth/synth')).synth,
  diff: async () => (await import('./diff/diff')).diff,
  deploy: async () => (await import('./deploy/deploy')).deploy,
  destroy: async () => (await import('./deploy/deploy')).destroy,
  list: async () => (await import('./list/list')).list,
  import: async () => (await import('./import/import')).importCommand,
  provider: async () => (await import('./provider/provider')).provider,
  init: async () => (await import('./init/init')).init,
};

/** The commands a cdktn user may be tempted to run with the engine's own CLI. */
const ENGINE_COMMANDS = new Set(['synth', 'diff', 'deploy', 'destroy', 'list']);

/** A note on stderr in a cdktn app on a Node.js its CLI does not run on. */
async function adviseCdktnOnOldNode(command: string): Promise<void> {
  const { appUsesCdktn, cdktnNodeAdvice } = await import('./common/node-support');
  const advice = appUsesCdktn(process.cwd()) ? cdktnNodeAdvice(command) : undefined;
  if (advice) process.stderr.write(`cdkws: note: ${advice}\n`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 1 : 0;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`${(await import('../provider/version')).PROVIDER_VERSION}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(`cdkws: unknown command "${command}"\n\n${USAGE}\n`);
    return 1;
  }
  if (ENGINE_COMMANDS.has(command)) await adviseCdktnOnOldNode(command);
  try {
    return await (
      await load()
    )(rest);
  } catch (error) {
    // Expected failures (bad arguments, a failed plan) are reported as they are, without a stack trace.
    if (error instanceof CliError) {
      process.stderr.write(`cdkws ${command}: ${redact(error.message)}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
