// What any external plugin provider costs Terraform, apart from ours (issue "Speed where users
// feel it", item 4): a no-change plan of N resources of a trivial resource type served by a
// throwaway provider (this file, run with --serve: one resource type, two attributes, no service)
// against N `terraform_data` resources and N resources of this package's provider, all providers
// reattached (started once, as `cdkws` runs Terraform), so start-up is out of the figures. Between
// the two, the same configuration as ours served by the throwaway provider with our schemas but
// hooks that do nothing (no service, no checks): what Terraform spends on our schemas and graph,
// apart from what our hooks and the service add. Not shipped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startReattachedProvider } from '../src/cli/workflow/provider-process';
import { providerSchema } from '../src/provider/provider-config';
import { serveProvider, Unknown, type ObjectValue, type Value } from '../src/provider/protocol/server';
import { resources as ourResources } from '../src/provider/resources';
import { PROVIDER_VERSION } from '../src/provider/version';
import { startServer } from '../src/server';
import { installForBench, terraform } from './provider';

const ROOT = path.resolve(__dirname, '..', '..');

/** A planned object made wholly known as a do-nothing apply would: ids made up, the rest null. */
function known(value: Value, key = ''): Value {
  if (value === Unknown) return key === 'id' ? `x-${Math.random().toString(36).slice(2)}` : null;
  if (Array.isArray(value)) return value.map((v) => known(v));
  if (value !== null && typeof value === 'object') {
    const out: ObjectValue = {};
    for (const [k, v] of Object.entries(value)) out[k] = known(v, k);
    return out;
  }
  return value;
}

/** Our schemas with hooks that do nothing: no service, no checks, the default plan. */
function doNothing(name: string) {
  return {
    schema: ourResources[name].schema,
    apply: ({ planned }: { planned: ObjectValue | null }) => ({ state: planned ? (known(planned) as ObjectValue) : null }),
    read: ({ state }: { state: ObjectValue }) => ({ state }),
  };
}

/**
 * The trivial provider: `cdkws_trivial` keeps `input` and makes up an id; `cdkws_workspace` and
 * `cdkws_tag_binding` have our schemas and do nothing. It calls nothing.
 */
function serveTrivialProvider(): void {
  void serveProvider({
    schema: providerSchema,
    resources: {
      cdkws_workspace: doNothing('cdkws_workspace'),
      cdkws_tag_binding: doNothing('cdkws_tag_binding'),
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

    const schemasDir = dir('schemas', cdkwsConfig(options.workspaces));
    const schemas = await startReattachedProvider(launcher, env, schemasDir);
    stops.push(() => schemas.stop());
    const schemasEnv = { ...env, ...schemas.env };
    await terraform(schemasDir, schemasEnv, ['init']);
    await terraform(schemasDir, schemasEnv, ['apply', '-auto-approve']);

    const cdkwsDir = dir('cdkws', cdkwsConfig(options.workspaces));
    await terraform(cdkwsDir, env, ['init']);
    const ours = await startReattachedProvider(installed.executable, env, cdkwsDir);
    stops.push(() => ours.stop());
    const oursEnv = { ...env, ...ours.env };
    await terraform(cdkwsDir, oursEnv, ['apply', '-auto-approve']);

    const kinds = ['baseline', 'trivial', 'schemas', 'ours', 'trivialNoRefresh', 'schemasNoRefresh', 'oursNoRefresh'] as const;
    const times = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<(typeof kinds)[number], number[]>;
    for (let run = 0; run < (options.runs ?? 3); run++) {
      times.baseline.push(await terraform(baselineDir, env, ['plan', '-detailed-exitcode']));
      times.trivial.push(await terraform(trivialDir, trivialEnv, ['plan', '-detailed-exitcode']));
      times.schemas.push(await terraform(schemasDir, schemasEnv, ['plan', '-detailed-exitcode']));
      times.ours.push(await terraform(cdkwsDir, oursEnv, ['plan', '-detailed-exitcode']));
      times.trivialNoRefresh.push(await terraform(trivialDir, trivialEnv, ['plan', '-refresh=false', '-detailed-exitcode']));
      times.schemasNoRefresh.push(await terraform(schemasDir, schemasEnv, ['plan', '-refresh=false', '-detailed-exitcode']));
      times.oursNoRefresh.push(await terraform(cdkwsDir, oursEnv, ['plan', '-refresh=false', '-detailed-exitcode']));
    }
    const base = median(times.baseline);
    const ms = (k: (typeof kinds)[number]) => Math.round(median(times[k]));
    const label = `${resources} resources, no-change plan, providers reattached`;
    return {
      [`${label}: terraform_data / trivial provider / our schemas doing nothing / cdkws, median (ms)`]: `${Math.round(base)} / ${ms('trivial')} / ${ms('schemas')} / ${ms('ours')}`,
      [`${label}: trivial plugin provider / terraform_data (the floor of any plugin provider)`]: round(median(times.trivial) / base),
      [`${label}: our schemas and graph, hooks doing nothing / terraform_data`]: round(median(times.schemas) / base),
      [`${label}: cdkws / terraform_data`]: round(median(times.ours) / base),
      [`${label}, -refresh=false: trivial / our schemas doing nothing / cdkws, median (ms)`]: `${ms('trivialNoRefresh')} / ${ms('schemasNoRefresh')} / ${ms('oursNoRefresh')}`,
      [`${label}: each run, terraform_data / trivial / our schemas / cdkws (ms)`]: times.baseline
        .map((b, i) => [b, times.trivial[i], times.schemas[i], times.ours[i]].map(Math.round).join('/'))
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
