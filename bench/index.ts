// `npm run bench`: every benchmark of the project in one run. Figures are ratios against a
// baseline measured in the same run, so they compare across machines. `--quick` shortens runs;
// `--only NAME[,NAME]` picks benchmarks.
import { benchClient } from './client';
import { benchImport } from './import';
import { benchProvider } from './provider';
import { benchRefresh } from './refresh';
import { benchService } from './service';

type Bench = (quick: boolean) => Promise<Record<string, unknown>>;

const BENCHMARKS: Record<string, Bench> = {
  service: (quick) => benchService({ seconds: quick ? 2 : 5, largeCount: quick ? 10_000 : 100_000 }),
  client: () => benchClient(),
  provider: () => benchProvider(),
  refresh: () => benchRefresh(),
  import: (quick) => benchImport({ quick }),
};

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex >= 0 ? new Set(process.argv[onlyIndex + 1]?.split(',')) : null;
  for (const [name, bench] of Object.entries(BENCHMARKS)) {
    if (only && !only.has(name)) continue;
    const figures = await bench(quick);
    process.stdout.write(`\n${name}\n`);
    for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(62)} ${value}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
