// `npm run bench`: every benchmark of the project in one run. Figures are ratios against a
// baseline measured in the same run, so they compare across machines. `--quick` shortens runs;
// `--only NAME[,NAME]` picks benchmarks (and is the only way to run the 1,000,000-workspace ones).
import { benchClient } from './client';
import { benchColdShow } from './cold-show';
import { benchConsole } from './console';
import { benchCreates } from './creates';
import { benchCreatesPostgres } from './creates-postgres';
import { benchImport } from './import';
import { benchPluginFloor } from './plugin-floor';
import { benchProvider } from './provider';
import { benchRefresh } from './refresh';
import { benchService } from './service';
import { benchStateTransfer } from './state-transfer';
import { benchBothTagFilters, benchListStorage } from './service-queries';
import { benchSynth } from './synth';
import { benchTeamScale } from './team-scale';

type Bench = (quick: boolean) => Promise<Record<string, unknown>>;

const BENCHMARKS: Record<string, Bench> = {
  service: (quick) => benchService({ seconds: quick ? 3 : 6, largeCount: quick ? 10_000 : 100_000, samples: quick ? 50 : 200 }),
  // 20,000 distinct workspaces at random: the show path the reply cache cannot help. Needs wrk.
  'cold-show': (quick) => benchColdShow({ count: 20_000, seconds: quick ? 3 : 5 }),
  // Needs CDKWS_BENCH_DATABASE_URL (or CDKWS_TEST_DATABASE_URL); reports itself skipped without.
  'service-postgres': (quick) => benchListStorage('postgres', { largeCount: quick ? 10_000 : 100_000, samples: quick ? 50 : 200 }),
  // Durable creates against a bare node:http + INSERT server, 12,000 seeded through the API, per SQLite driver.
  creates: (quick) => benchCreates({ seconds: quick ? 6 : 15, rounds: 5 }),
  // search[tags] with filter[tagged] at 12,000 matching workspaces against 100 (issue 37 item 2).
  // `--from DIR`: that checkout's build (e.g. main's) answers too, in alternating rounds.
  'both-tag-filters-postgres': (quick) =>
    benchBothTagFilters('postgres', { matching: 12_000, samples: quick ? 20 : 50, rounds: quick ? 2 : 3, from: fromArgument() }),
  // Creates through the service against a bare node:http + pg INSERT server, and where the time goes.
  'creates-postgres': (quick) => benchCreatesPostgres({ rounds: quick ? 3 : 5, seconds: quick ? 2 : 4, from: fromArgument() }),
  client: () => benchClient(),
  provider: () => benchProvider(),
  refresh: () => benchRefresh(),
  // 300 workspaces with 2 tag bindings each; 1,000 more in full mode.
  'team-scale': (quick) => benchTeamScale({ counts: quick ? [300] : [300, 1000] }),
  console: (quick) => benchConsole({ largeCount: quick ? 10_000 : 100_000, samples: quick ? 50 : 200 }),
  import: (quick) => benchImport({ quick }),
  synth: (quick) => Promise.resolve(benchSynth({ rounds: quick ? 3 : 7 })),
  // A 10 MB and a 50 MB state up and down through the service, against a bare node:http server.
  'state-transfer': (quick) => benchStateTransfer({ sizesMb: [10, 50], rounds: quick ? 3 : 7 }),
};

/** Only with `--only`: minutes of seeding each. */
const ON_REQUEST: Record<string, Bench> = {
  'service-million': () => benchListStorage('sqlite', { largeCount: 1_000_000, samples: 100 }),
  'service-million-postgres': () => benchListStorage('postgres', { largeCount: 1_000_000, samples: 100 }),
  // A trivial plugin provider's no-change plan against terraform_data and ours: what any plugin costs Terraform.
  'plugin-floor': () => benchPluginFloor({ workspaces: 300 }),
};

function fromArgument(): string | undefined {
  const at = process.argv.indexOf('--from');
  return at > 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex >= 0 ? new Set(process.argv[onlyIndex + 1]?.split(',')) : null;
  for (const [name, bench] of Object.entries({ ...BENCHMARKS, ...ON_REQUEST })) {
    if (only ? !only.has(name) : name in ON_REQUEST) continue;
    const figures = await bench(quick);
    process.stdout.write(`\n${name}\n`);
    for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(62)} ${String(value)}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
  process.exitCode = 1;
});
