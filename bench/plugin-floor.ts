// What any external plugin provider costs Terraform, apart from ours (issue "Speed where users
// feel it", item 4): a no-change plan of N resources of a trivial resource type served by a
// throwaway provider (this file, run with --serve: one resource type, two attributes, no service)
// against N `terraform_data` resources and N resources of this package's provider, both providers
// reattached (started once, as `cdkws` runs Terraform), so start-up is out of the figures. Not shipped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startReattachedProvider } from '../src/cli/provider-process';
import { serveProvider } from '../src/provider/protocol/server';
import { PROVIDER_VERSION } from '../src/provider/version';
import { startServer } from '../src/server';
import { installForBench, terraform } from './provider';

const ROOT = path.resolve(__dirname, '..', '..');

/** The trivial provider: `cdkws_trivial` keeps `input` and makes up an id; it calls nothing. */
function serveTrivialProvider(): void {
  void serveProvider({
    schema: { attributes: {} },
    resources: {
      cdkws_trivial: {
        schema: { attributes: { id: { type: 'string', computed: true }, input: { type: 'number', optional: true } } },
        apply: ({ planned }) => ({ state: planned ? { ...planned, id: `t-${JSON.stringify(planned.input)}` } : null }),
        read: ({ state }) => ({ state }),
      },
    },
  });
}

const head = `terraform {\n  required_providers {\n    cdkws = { source = "cdk-workspaces/cdkws", version = "${PROVIDER_VERSION}" }\n  }\n}\n`;
const trivialConfig = (n: number) => `${head}resource "cdkws_trivial" "x" {\n  count = ${n}\n  input = count.index\n}\n`;
const baselineConfig = (n: number) => `resource "terraform_data" "x" {\n  count = ${n}\n  input = count.index\n}\n`;
const cdkwsConfig = (workspaces: number) =>
  `${head}provider "cdkws" {\n  organization = "acme"\n}\nresource "cdkws_workspace" "w" {\n  count = ${workspaces}\n  name  = format("floor-%04d", count.index)\n}\n` +
  ['team', 'cost-center']
    .map(
      (key) =>
        `resource "cdkws_tag_binding" "${key.replace('-', '_')}" {\n  count        = ${workspaces}\n  workspace_id = cdkws_workspace.w[count.index].id\n  key          = "${key}"\n  value        = format("v%04d", count.index)\n}\n`,
    )
    .join('');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Number(n.toFixed(2));

export async function benchPluginFloor(options: { workspaces: number; runs?: number }): Promise<Record<string, unknown>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-floor-'));
  const bootstrap: unknown = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} });
  const stops: Array<() => void> = [];
  try {
    const { installed, env: baseEnv } = installForBench(tmp);
    const env = { ...baseEnv, CDKWS_ADDRESS: server.url };
    const resources = options.workspaces * 3;
    const dir = (name: string, config: string) => {
      const made = mkdtempSync(path.join(tmp, `${name}-`));
      writeFileSync(path.join(made, 'main.tf'), config);
      return made;
    };
    const launcher = path.join(tmp, 'trivial-provider');
    writeFileSync(launcher, `#!/bin/sh\nexec "${process.execPath}" "${__filename}" --serve\n`);
    chmodSync(launcher, 0o755);

    const baselineDir = dir('baseline', baselineConfig(resources));
    await terraform(baselineDir, env, ['init']);
    await terraform(baselineDir, env, ['apply', '-auto-approve']);

    const trivialDir = dir('trivial', trivialConfig(resources));
    const trivial = await startReattachedProvider(launcher, env, trivialDir);
    stops.push(() => trivial.stop());
    const trivialEnv = { ...env, ...trivial.env };
    await terraform(trivialDir, trivialEnv, ['init']);
    await terraform(trivialDir, trivialEnv, ['apply', '-auto-approve']);

    const cdkwsDir = dir('cdkws', cdkwsConfig(options.workspaces));
    await terraform(cdkwsDir, env, ['init']);
    const ours = await startReattachedProvider(installed.executable, env, cdkwsDir);
    stops.push(() => ours.stop());
    const oursEnv = { ...env, ...ours.env };
    await terraform(cdkwsDir, oursEnv, ['apply', '-auto-approve']);

    const times: Record<'baseline' | 'trivial' | 'ours' | 'oursNoRefresh' | 'trivialNoRefresh', number[]> = {
      baseline: [],
      trivial: [],
      ours: [],
      oursNoRefresh: [],
      trivialNoRefresh: [],
    };
    for (let run = 0; run < (options.runs ?? 3); run++) {
      times.baseline.push(await terraform(baselineDir, env, ['plan', '-detailed-exitcode']));
      times.trivial.push(await terraform(trivialDir, trivialEnv, ['plan', '-detailed-exitcode']));
      times.ours.push(await terraform(cdkwsDir, oursEnv, ['plan', '-detailed-exitcode']));
      times.trivialNoRefresh.push(await terraform(trivialDir, trivialEnv, ['plan', '-refresh=false', '-detailed-exitcode']));
      times.oursNoRefresh.push(await terraform(cdkwsDir, oursEnv, ['plan', '-refresh=false', '-detailed-exitcode']));
    }
    const base = median(times.baseline);
    const label = `${resources} resources, no-change plan, providers reattached`;
    return {
      [`${label}: terraform_data / trivial plugin provider / cdkws, median (ms)`]: `${Math.round(base)} / ${Math.round(median(times.trivial))} / ${Math.round(median(times.ours))}`,
      [`${label}: trivial plugin provider / terraform_data (the floor of any plugin provider)`]: round(median(times.trivial) / base),
      [`${label}: cdkws / terraform_data`]: round(median(times.ours) / base),
      [`${label}: cdkws / trivial plugin provider`]: round(median(times.ours) / median(times.trivial)),
      [`${label}, -refresh=false: trivial / cdkws, median (ms)`]: `${Math.round(median(times.trivialNoRefresh))} / ${Math.round(median(times.oursNoRefresh))}`,
      [`${label}: each run, terraform_data / trivial / cdkws (ms)`]: times.baseline
        .map((b, i) => `${Math.round(b)}/${Math.round(times.trivial[i])}/${Math.round(times.ours[i])}`)
        .join(', '),
    };
  } finally {
    for (const stop of stops) stop();
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// `node dist/bench/plugin-floor.js [workspaces]` runs this benchmark alone (default: 300, so 900 resources).
if (require.main === module) {
  if (process.argv[2] === '--serve') serveTrivialProvider();
  else {
    const workspaces = Number(process.argv[2] ?? 300);
    benchPluginFloor({ workspaces }).then(
      (figures) => {
        for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(90)} ${String(value)}\n`);
      },
      (error) => {
        process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
        process.exitCode = 1;
      },
    );
  }
}
