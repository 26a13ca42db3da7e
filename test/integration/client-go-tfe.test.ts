// HashiCorp's go-tfe (Debian's golang-github-hashicorp-go-tfe-dev, 0.11) against `cdkws serve --tls`,
// with its own defaults: tfe.DefaultConfig() (TFE_ADDRESS=https://localhost:PORT, TFE_TOKEN) and its
// HTTP client, which trusts the system's authorities, so the CA is trusted with SSL_CERT_FILE.
// The program is built offline in GOPATH mode from Debian's Go sources (GO111MODULE=off).
//
// That client's own quirks: none in these steps; every one must pass. Gated on Go and the Debian
// package (test/helpers/requirements.ts): skipped where they are absent, a failure in CI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { spawnServe, stopServe, type ServeProcess } from '../helpers/processes';
import { describeWith, GO_TFE_GOPATH } from '../helpers/requirements';

jest.setTimeout(180_000);

const GOPATH = GO_TFE_GOPATH;
const SOURCE = path.join(__dirname, '..', 'clients', 'go-tfe');

describeWith('go-tfe')('go-tfe over HTTPS', () => {
  let dir: string;
  let server: ServeProcess;
  let binary: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cdkws-go-tfe-'));
    binary = path.join(dir, 'go-tfe-client');
    const build = spawnSync('go', ['build', '-o', binary, '.'], {
      cwd: SOURCE,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, GO111MODULE: 'off', GOPATH, GOCACHE: path.join(dir, 'cache'), GOFLAGS: '', GOPROXY: 'off' },
    });
    if (build.status !== 0) throw new Error(`go build failed: ${build.stderr}`);
    server = await spawnServe(['--data', path.join(dir, 'service.db')], ['--tls']);
  });
  afterAll(async () => {
    await stopServe(server, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  function run(env: Record<string, string>): Record<string, { ok: boolean; error?: string; value?: any }> {
    const port = new URL(server.url).port;
    const result = spawnSync(binary, [ORG, 'a'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, TFE_ADDRESS: `https://localhost:${port}`, TFE_TOKEN: TOKENS.owner, TFE_ORG_TOKEN: TOKENS.org, ...env },
    });
    if (result.status !== 0) throw new Error(`the go-tfe program failed: ${result.stderr}`);
    const steps: Record<string, { ok: boolean; error?: string; value?: any }> = {};
    for (const line of result.stdout.trim().split('\n')) {
      const { step, ...rest } = JSON.parse(line);
      steps[step] = rest;
    }
    return steps;
  }

  it('passes every step with the CA in SSL_CERT_FILE', () => {
    const steps = run({ SSL_CERT_FILE: path.join(dir, 'tls', 'ca.pem') });
    const failed = Object.entries(steps)
      .filter(([, s]) => !s.ok)
      .map(([name, s]) => `${name}: ${s.error}`);
    expect(failed).toEqual([]);
    expect(Object.keys(steps)).toHaveLength(22);
    expect(steps['remote API version'].value).toBe('2.5');
    expect(steps['account details'].value).toEqual({ id: 'user-alice', username: 'alice', service: false });
    expect(steps['account details (organization token)'].value).toMatchObject({ service: true, username: expect.stringMatching(/^api-org-acme-/) });
    expect(steps.create.value).toMatchObject({
      'terraform-version': '1.5.7',
      'auto-apply': true,
      'working-directory': 'infra',
      'trigger-prefixes': ['/modules'],
    });
    expect(steps['list with search'].value).toEqual({ names: ['go-tfe-a'], total: 1 });
    expect(steps['update by name'].value).toEqual({ 'terraform-version': '1.6.0', 'auto-apply': false });
    expect(steps['update by ID'].value).toEqual({ 'terraform-version': '1.6.0', 'working-directory': 'stacks' });
    expect(steps['assign SSH key'].value).toEqual({ 'ssh-key': 'sshkey-deploy' });
  });

  it('cannot connect without trusting the CA', () => {
    const steps = run({ SSL_CERT_FILE: path.join(dir, 'absent.pem') });
    expect(steps['new client (ping)'].ok).toBe(false);
    expect(steps['new client (ping)'].error).toMatch(/certificate/);
  });
});
