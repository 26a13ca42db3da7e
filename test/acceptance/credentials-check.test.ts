// Acceptance with the real terraform binary: the provider checks its address and token once when
// configured, so a wrong token or an unreachable address gives ONE diagnostic, however many
// workspaces the state holds; and a `cdkws serve --tls` service is reached by host name
// (TFE_HOSTNAME=localhost:PORT) once the provider trusts its certificate authority.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/server';
import { ensureLocalTls } from '../../src/server/tls';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(240_000);

const COUNT = 30;
const config = `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "ws" {
  count = ${COUNT}
  name  = format("cred-%02d", count.index)
}
`;

/** Terraform's error blocks ("Error: …" at the start of a line, framed or not). */
const errorBlocks = (output: string) => output.split('\n').filter((line) => /^[│╷\s]*Error: /.test(line));

maybe('one diagnostic for a bad token or address', () => {
  const service = useService();
  let wd: TerraformWorkdir;
  beforeAll(async () => {
    wd = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    wd.config(config);
    await wd.init();
    const applied = await wd.apply();
    if (applied.code !== 0) throw new Error(applied.output);
  });
  afterAll(() => cleanupTerraform());

  it(`a wrong token: one error naming the address, the token's source and the fix, not one per workspace (${COUNT})`, async () => {
    wd.env.CDKWS_TOKEN = 'wrong-token';
    const plan = await wd.plan();
    expect(plan.code).toBe(1);
    const errors = errorBlocks(plan.output);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`The service at ${service.url} refused the API token`);
    expect(plan.output).toMatch(/the CDKWS_TOKEN environment/);
    expect(plan.output).toMatch(/Fix: put a valid token/);
    expect(plan.output).not.toContain('wrong-token');
    // Nothing was forgotten: the state still holds every workspace.
    wd.env.CDKWS_TOKEN = TOKENS.owner;
    expect((await wd.plan()).code).toBe(0);
  });

  it('an address where nothing listens: one error naming the address and where it came from', async () => {
    const dead = service.url.replace(/:\d+$/, ':1');
    wd.env.CDKWS_ADDRESS = dead;
    try {
      const plan = await wd.plan('-refresh=true');
      expect(plan.code).toBe(1);
      const errors = errorBlocks(plan.output);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`Cannot reach the service at ${dead}`);
      expect(plan.output).toMatch(/CDKWS_ADDRESS/);
    } finally {
      wd.env.CDKWS_ADDRESS = service.url;
    }
  });
});

maybe('TFE_HOSTNAME=localhost:PORT against cdkws serve --tls', () => {
  let server: RunningServer;
  let tlsDir: string;
  beforeAll(async () => {
    tlsDir = mkdtempSync(path.join(tmpdir(), 'cdkws-tf-tls-'));
    server = await startServer({ storage: { kind: 'sqlite', path: ':memory:' }, bootstrap: defaultBootstrap(), log: () => {}, tls: ensureLocalTls(tlsDir) });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(tlsDir, { recursive: true, force: true });
    cleanupTerraform();
  });

  it('applies over HTTPS with CDKWS_CA_FILE, and says how to trust the CA without it', async () => {
    const hostname = `localhost:${new URL(server.url).port}`;
    const wd = await TerraformWorkdir.create({ env: { TFE_HOSTNAME: hostname, TFE_TOKEN: TOKENS.owner } });
    wd.config(`${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "tls" {
  name = "over-tls"
}
`);
    await wd.init();
    const untrusted = await wd.plan();
    expect(untrusted.code).toBe(1);
    expect(errorBlocks(untrusted.output)).toHaveLength(1);
    expect(untrusted.output).toContain(`Cannot reach the service at https://${hostname}`);
    expect(untrusted.output).toMatch(/CDKWS_CA_FILE/);

    wd.env.CDKWS_CA_FILE = path.join(tlsDir, 'ca.pem');
    const applied = await wd.apply();
    expect(applied.code).toBe(0);
    const id = (await wd.resource('cdkws_workspace.tls'))!.id;
    expect((await wd.plan()).code).toBe(0);
    expect(id).toMatch(/^ws-/);
  });
});
