// A platform team's configuration at scale (issue "Speed where users feel it", item 4): `count`
// workspaces with two tag bindings each, in one plain-Terraform configuration, against the same
// number of `terraform_data` resources (three per workspace). Apply, a no-change plan and a
// refresh, against the local service without a rate limit (goal: within 2× of terraform_data) and
// against one declaring 30 requests per second (goal: within 1.1× of its floor, requests ÷ 30).
// Requests are counted by a loopback proxy in a run of their own, so timed runs go direct.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROVIDER_VERSION } from '../src/provider/version';
import { startServer, type RunningServer } from '../src/server';
import { startReattachedProvider } from '../src/cli/workflow/provider-process';
import { installForBench, terraform } from './provider';
import { startCountingProxy } from './refresh';

const ROOT = path.resolve(__dirname, '..', '..');
const DECLARED_LIMIT = 30;

function cdkwsConfig(count: number): string {
  const head = `terraform {\n  required_providers {\n    cdkws = { source = "cdk-workspaces/cdkws", version = "${PROVIDER_VERSION}" }\n  }\n}\nprovider "cdkws" {\n  organization = "acme"\n}\n`;
  const body = `resource "cdkws_workspace" "w" {\n  count = ${count}\n  name  = format("team-%04d", count.index)\n}\n${['team', 'cost-center']
    .map(
      (key) =>
        `resource "cdkws_tag_binding" "${key.replace('-', '_')}" {\n  count        = ${count}\n  workspace_id = cdkws_workspace.w[count.index].id\n  key          = "${key}"\n  value        = format("v%04d", count.index)\n}\n`,
    )
    .join('')}`;
  return head + body;
}

const baselineConfig = (count: number) => `resource "terraform_data" "x" {\n  count = ${count * 3}\n  input = count.index\n}\n`;

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Service {
  server: RunningServer;
  env: NodeJS.ProcessEnv;
}

/** `from`: a built provider mirror other than this package's (to compare two builds). */
export async function benchTeamScale(options: { counts: number[]; runs?: number; from?: string }): Promise<Record<string, unknown>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-team-'));
  const bootstrap: unknown = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  const { installed, env: baseEnv } = installForBench(tmp, options.from);
  const services: RunningServer[] = [];
  const start = async (rateLimit?: number): Promise<Service> => {
    const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, rateLimit, log: () => {} });
    services.push(server);
    return { server, env: { ...baseEnv, CDKWS_ADDRESS: server.url } };
  };
  const workdir = async (env: NodeJS.ProcessEnv, config: string): Promise<string> => {
    const dir = mkdtempSync(path.join(tmp, 'work-'));
    writeFileSync(path.join(dir, 'main.tf'), config);
    await terraform(dir, env, ['init']);
    return dir;
  };
  const figures: Record<string, unknown> = {};
  const runs = options.runs ?? 3;
  try {
    for (const count of options.counts) {
      const resources = count * 3;
      const label = `${count} workspaces / ${resources} resources`;
      // Baseline: terraform_data, alternating with the service's runs below.
      const baselineDir = await workdir(baseEnv, baselineConfig(count));
      const baselineApply = await terraform(baselineDir, baseEnv, ['apply', '-auto-approve']);
      // Local service, no rate limit.
      const local = await start();
      const localDir = await workdir(local.env, cdkwsConfig(count));
      const localApply = await terraform(localDir, local.env, ['apply', '-auto-approve']);
      const basePlans: number[] = [];
      const localPlans: number[] = [];
      // As cdkws runs Terraform: one provider process, started ahead, that every plan reattaches to.
      const reattached = await startReattachedProvider(installed.executable, local.env, localDir);
      const reattachedEnv = { ...local.env, ...reattached.env };
      const reattachedPlans: number[] = [];
      try {
        for (let run = 0; run < runs; run++) {
          basePlans.push(await terraform(baselineDir, baseEnv, ['plan', '-detailed-exitcode']));
          localPlans.push(await terraform(localDir, local.env, ['plan', '-detailed-exitcode']));
          reattachedPlans.push(await terraform(localDir, reattachedEnv, ['plan', '-detailed-exitcode']));
        }
      } finally {
        reattached.stop();
      }
      // Requests, through a counting proxy in front of the same service.
      const proxy = await startCountingProxy(local.server.url);
      const proxied = { ...local.env, CDKWS_ADDRESS: proxy.url };
      let before = proxy.requests;
      await terraform(localDir, proxied, ['plan', '-detailed-exitcode']);
      const planRequests = proxy.requests - before;
      before = proxy.requests;
      await terraform(localDir, proxied, ['apply', '-refresh-only', '-auto-approve']);
      const refreshRequests = proxy.requests - before;
      const countedDir = await workdir(proxied, cdkwsConfig(count).replace(/team-%04d/, 'counted-%04d'));
      before = proxy.requests;
      await terraform(countedDir, proxied, ['apply', '-auto-approve']);
      const applyRequests = proxy.requests - before;
      await proxy.close();

      // A service declaring 30 requests per second: its floor is requests ÷ 30.
      // Through a counting proxy too, to see whether the service had to refuse anything (429).
      const limited = await start(DECLARED_LIMIT);
      const limitedProxy = await startCountingProxy(limited.server.url);
      const limitedEnv = { ...limited.env, CDKWS_ADDRESS: limitedProxy.url };
      const limitedDir = await workdir(limitedEnv, cdkwsConfig(count));
      // Where the time beyond the floor goes: before the first request, between the first and the
      // last, and after the last.
      const timeline = async (args: string[], env = limitedEnv) => {
        const from = limitedProxy.arrivals.length;
        const refusedBefore = limitedProxy.refused;
        const started = Date.now();
        const ms = await terraform(limitedDir, env, args);
        const ended = Date.now();
        const arrivals = limitedProxy.arrivals.slice(from);
        const first = arrivals[0] ?? ended;
        const last = arrivals[arrivals.length - 1] ?? ended;
        // The longest quiet spell between two requests: in an apply, its plan phase.
        let gap = 0;
        for (let i = 1; i < arrivals.length; i++) gap = Math.max(gap, arrivals[i] - arrivals[i - 1]);
        const refused = limitedProxy.refused - refusedBefore;
        return { ms, text: `${first - started} / ${last - first} (longest gap ${gap}) / ${ended - last} (${arrivals.length} requests, ${refused} refused)` };
      };
      const applyTimeline = await timeline(['apply', '-auto-approve']);
      const planTimeline = await timeline(['plan', '-detailed-exitcode']);
      // The same plan as cdkws runs it: one provider process, started ahead, reattached.
      const limitedReattached = await startReattachedProvider(installed.executable, limitedEnv, limitedDir);
      let reattachedTimeline;
      try {
        reattachedTimeline = await timeline(['plan', '-detailed-exitcode'], { ...limitedEnv, ...limitedReattached.env });
      } finally {
        limitedReattached.stop();
      }
      const limitedApply = applyTimeline.ms;
      const limitedPlan = planTimeline.ms;
      const refused = limitedProxy.refused;
      await limitedProxy.close();
      const floorMs = (requests: number) => (requests / DECLARED_LIMIT) * 1000;

      figures[`${label}: terraform_data apply / no-change plan, median (ms)`] = `${Math.round(baselineApply)} / ${Math.round(median(basePlans))}`;
      figures[`${label}: cdkws apply / no-change plan, median (ms)`] = `${Math.round(localApply)} / ${Math.round(median(localPlans))}`;
      figures[`${label}: no-change plan ratio cdkws / terraform_data, median of ${runs} (goal <= 2)`] = round(median(localPlans) / median(basePlans));
      figures[`${label}: no-change plan ratios, each run`] = localPlans.map((p, i) => round(p / basePlans[i])).join(', ');
      figures[`${label}: no-change plan ratio, provider reattached as cdkws runs it, median of ${runs}`] = round(median(reattachedPlans) / median(basePlans));
      figures[`${label}: apply ratio cdkws / terraform_data (one run)`] = round(localApply / baselineApply);
      figures[`${label}: requests per resource: plan / apply / refresh`] =
        `${round(planRequests / resources, 3)} / ${round(applyRequests / resources, 3)} / ${round(refreshRequests / resources, 3)}`;
      figures[`${label}: requests: plan / apply / refresh`] = `${planRequests} / ${applyRequests} / ${refreshRequests}`;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared: apply ms / floor ms (goal <= 1.1)`] =
        `${Math.round(limitedApply)} / ${Math.round(floorMs(applyRequests))} = ${round(limitedApply / floorMs(applyRequests))}`;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared: no-change plan ms / floor ms (goal <= 1.1)`] =
        `${Math.round(limitedPlan)} / ${Math.round(floorMs(planRequests))} = ${round(limitedPlan / floorMs(planRequests))}`;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared: requests refused with 429 (apply and plan)`] = refused;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared: apply ms before first request / first to last / after last`] = applyTimeline.text;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared: plan ms before first request / first to last / after last`] = planTimeline.text;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared, provider reattached: no-change plan ms / floor ms`] =
        `${Math.round(reattachedTimeline.ms)} / ${Math.round(floorMs(planRequests))} = ${round(reattachedTimeline.ms / floorMs(planRequests))}`;
      figures[`${label}: at ${DECLARED_LIMIT} req/s declared, provider reattached: plan ms before first / first to last / after last`] =
        reattachedTimeline.text;
      for (const server of services.splice(0)) await server.close();
    }
    return figures;
  } finally {
    for (const server of services) await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// `node dist/bench/team-scale.js [count…] [--from MIRROR]` runs this benchmark alone (default: 300).
if (require.main === module) {
  const args = process.argv.slice(2);
  const fromAt = args.indexOf('--from');
  const from = fromAt >= 0 ? args.splice(fromAt, 2)[1] : undefined;
  const counts = args.map(Number);
  benchTeamScale({ counts: counts.length > 0 ? counts : [300], from }).then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(90)} ${String(value)}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
