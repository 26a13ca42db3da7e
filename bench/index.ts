// `npm run bench`: every benchmark of the project in one run. Figures are ratios against a
// baseline measured in the same run, so they compare across machines.
import { benchService } from './service';

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const results: Record<string, Record<string, unknown>> = {};
  results.service = await benchService({ seconds: quick ? 2 : 5, largeCount: quick ? 10_000 : 100_000 });
  for (const [name, figures] of Object.entries(results)) {
    process.stdout.write(`\n${name}\n`);
    for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(62)} ${value}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
