// A real, independent client from npm, `@skorfmann/terraform-cloud` 1.15, against `cdkws serve --tls`.
// The client keeps its own defaults (https://HOST/api/v2, the system's authorities): only the host
// name and the token change, and the CA is trusted with NODE_EXTRA_CA_CERTS as a user would.
//
// That client's own quirks, which fail against the hosted service too and are asserted as such:
// - its remote state consumer calls use an old path (`relationships/remote_state_consumers`, with
//   underscores): 404;
// - its `Workspaces.update(org, workspaceId, …)` puts the ID where the API takes the name, so the
//   step passes the name.
// Everything else must work.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(60_000);

const SCRIPT = path.join(__dirname, '..', 'clients', 'terraform-cloud-npm.js');

let dir: string;
let server: ServeProcess;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cdkws-npm-client-'));
  server = await spawnServe(['--data', path.join(dir, 'service.db')], ['--tls']);
});
afterAll(async () => {
  await stopServe(server, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

interface Step {
  step: string;
  ok: boolean;
  status?: number | null;
  message?: string;
  value?: any;
}

function runClient(env: Record<string, string>, suffix: string): Record<string, Step> {
  const hostname = `localhost:${new URL(server.url).port}`;
  const run = spawnSync(process.execPath, [SCRIPT, hostname, TOKENS.owner, ORG, suffix], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH, ...env },
  });
  if (run.status !== 0) throw new Error(`the client script failed (${run.status}): ${run.stderr}`);
  const steps: Record<string, Step> = {};
  for (const line of run.stdout.trim().split('\n')) {
    const parsed = JSON.parse(line) as Step;
    steps[parsed.step] = parsed;
  }
  return steps;
}

it('passes every step but its own quirks over HTTPS with the CA in NODE_EXTRA_CA_CERTS', () => {
  const steps = runClient({ NODE_EXTRA_CA_CERTS: path.join(dir, 'tls', 'ca.pem') }, 'a');
  expect(Object.keys(steps)).toHaveLength(11);

  expect(steps['account details']).toMatchObject({
    ok: true,
    value: { id: 'user-alice', type: 'users', attributes: { username: 'alice', isServiceAccount: false } },
  });

  const created = steps['create with terraform-version'];
  expect(created.ok).toBe(true);
  expect(created.value.attributes).toMatchObject({ name: 'npm-client-a', terraformVersion: '1.5.7', engineVersion: '1.5.7', autoApply: true });
  expect(steps['create another'].ok).toBe(true);
  expect(steps['show by name']).toMatchObject({ ok: true, value: { id: created.value.id } });
  expect(steps['show by id']).toMatchObject({ ok: true, value: { attributes: { name: 'npm-client-a' } } });
  expect(steps['update (name in the workspaceId slot)']).toMatchObject({
    ok: true,
    value: { id: created.value.id, attributes: { terraformVersion: '1.6.0', description: 'from the npm client' } },
  });
  expect(steps['delete by id']).toMatchObject({ ok: true, value: 'deleted' });
  expect(steps['delete by name']).toMatchObject({ ok: true, value: 'deleted' });
  expect(steps['show after delete']).toMatchObject({ ok: false, status: 404 });

  // The client's own quirk: an old path, which the hosted service does not have either.
  expect(steps['remote state consumers add (old path)']).toMatchObject({ ok: false, status: 404 });
  expect(steps['remote state consumers list (old path)']).toMatchObject({ ok: false, status: 404 });
});

it('is refused, with no answer at all, when it does not trust the CA', () => {
  const steps = runClient({}, 'b');
  expect(steps['account details'].ok).toBe(false);
  expect(steps['account details'].status).toBeNull();
  expect(steps['account details'].message).toMatch(/certificate/i);
});
