// The `cdkws` command line. Each command lives in its own module and is loaded on demand, so
// `cdkws serve` never pays for the provider or the constructs.
const USAGE = `usage: cdkws <command> [options]

commands:
  serve     run the workspace service (embedded storage or PostgreSQL)

run "cdkws <command> --help" for a command's options`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return (await import('./serve')).serve(rest);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`cdkws: unknown command "${command}"\n\n${USAGE}\n`);
      return 1;
  }
}
