// Provider configuration: durations, credentials resolution order, the one check of address and
// token against a real service, and the token kept out of sight.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { startServer, type RunningServer } from '../server';
import { ensureLocalTls } from '../server/tls';
import { configureProvider, parseDuration, validateProviderConfig } from './provider';
import { providerSchemaJson } from './index';

describe('lock_timeout durations', () => {
  it('parse seconds, minutes, milliseconds and combinations', () => {
    expect([parseDuration('60s'), parseDuration('5m'), parseDuration('250ms'), parseDuration('1m30s')]).toEqual([60_000, 300_000, 250, 90_000]);
  });
  it('reject text that is not a duration', () => {
    expect(parseDuration('soon')).toBeUndefined();
    expect(validateProviderConfig({ lock_timeout: '10 seconds' })[0].path).toEqual(['lock_timeout']);
  });
});

describe('configure', () => {
  const saved = { ...process.env };
  let service: RunningServer;
  let tlsService: RunningServer;
  let tlsDir: string;
  beforeAll(async () => {
    const bootstrap = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'examples', 'bootstrap.json'), 'utf8'));
    service = await startServer({ storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} });
    tlsDir = mkdtempSync(path.join(tmpdir(), 'cdkws-provider-tls-'));
    tlsService = await startServer({ storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {}, tls: ensureLocalTls(tlsDir) });
  });
  afterAll(async () => {
    await service?.close();
    await tlsService?.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });
  afterEach(() => {
    process.env = { ...saved };
  });
  const noEnv = () => {
    for (const name of ['CDKWS_ADDRESS', 'CDKWS_TOKEN', 'TFE_HOSTNAME', 'TFE_TOKEN', 'CDKWS_CA_FILE', 'TF_CLI_CONFIG_FILE']) delete process.env[name];
  };
  const empty = { address: null, token: null, organization: null, lock_timeout: null, ca_file: null };

  it('prefers the provider block over the environment', async () => {
    process.env.CDKWS_ADDRESS = 'http://env.example:1';
    process.env.CDKWS_TOKEN = 'env-token';
    const res = await configureProvider({ ...empty, address: service.url, token: 'alice-token', organization: 'acme', lock_timeout: '5s' });
    expect(res.diagnostics).toBeUndefined();
    expect(res.providerData!.client.address).toBe(service.url);
    expect(res.providerData!.client.tokenSource).toBe('explicit');
    expect(res.providerData).toMatchObject({ organization: 'acme', lockTimeoutMs: 5000 });
    await res.providerData!.client.close();
  });

  it('falls back to CDKWS_ADDRESS and CDKWS_TOKEN, with a 60s lock timeout', async () => {
    noEnv();
    process.env.CDKWS_ADDRESS = service.url;
    process.env.CDKWS_TOKEN = 'acme-org-token';
    const res = await configureProvider(empty);
    expect(res.providerData!.client.address).toBe(service.url);
    expect(res.providerData!.client.tokenSource).toBe('CDKWS_TOKEN');
    expect(res.providerData!.lockTimeoutMs).toBe(60_000);
    await res.providerData!.client.close();
  });

  it('never shows the token, neither in the provider data nor in a refusal', async () => {
    noEnv();
    const ok = await configureProvider({ ...empty, address: service.url, token: 'alice-token' });
    expect(inspect(ok.providerData, { depth: 5 })).not.toContain('alice-token');
    expect(JSON.stringify(ok.providerData!.client)).not.toContain('alice-token');
    await ok.providerData!.client.close();
    const refused = await configureProvider({ ...empty, address: service.url, token: 'very-secret-token' });
    expect(JSON.stringify(refused.diagnostics)).not.toContain('very-secret-token');
  });

  it('reports a missing address as a diagnostic', async () => {
    noEnv();
    const res = await configureProvider({ ...empty, token: 't' });
    expect(res.diagnostics![0].detail).toMatch(/no service address/);
  });

  it('reports a wrong token as one diagnostic naming the address, where the token came from and the fix', async () => {
    noEnv();
    process.env.TFE_TOKEN = 'wrong';
    const res = await configureProvider({ ...empty, address: service.url });
    expect(res.providerData).toBeUndefined();
    expect(res.diagnostics).toHaveLength(1);
    const [diag] = res.diagnostics!;
    expect(diag.severity).toBe('error');
    expect(diag.summary).toBe(`The service at ${service.url} refused the API token`);
    expect(diag.detail).toMatch(/401/);
    expect(diag.detail).toMatch(/the TFE_TOKEN environment variable/);
    expect(diag.detail).toMatch(/Fix: put a valid token for 127\.0\.0\.1:\d+ in the TFE_TOKEN environment variable/);
    const explicit = await configureProvider({ ...empty, address: service.url, token: 'wrong' });
    expect(explicit.diagnostics![0].detail).toMatch(/the "token" argument of the provider block/);
  });

  it('reports an address where nothing listens as one diagnostic naming it and where it came from', async () => {
    noEnv();
    const dead = service.url.replace(/:\d+$/, ':1');
    process.env.CDKWS_ADDRESS = dead;
    const res = await configureProvider({ ...empty, token: 'alice-token' });
    expect(res.diagnostics).toHaveLength(1);
    expect(res.diagnostics![0].summary).toBe(`Cannot reach the service at ${dead}`);
    expect(res.diagnostics![0].detail).toMatch(/ECONNREFUSED/);
    expect(res.diagnostics![0].detail).toMatch(/the CDKWS_ADDRESS environment variable/);
  }, 30_000);

  it('trusts the CA of ca_file (or CDKWS_CA_FILE) for an HTTPS service, and says so when it is missing', async () => {
    noEnv();
    const address = tlsService.url.replace('127.0.0.1', 'localhost');
    const untrusted = await configureProvider({ ...empty, address, token: 'alice-token' });
    expect(untrusted.diagnostics![0].summary).toBe(`Cannot reach the service at ${address}`);
    expect(untrusted.diagnostics![0].detail).toMatch(/Fix: the service's TLS certificate is not trusted.*ca_file/);
    const caFile = path.join(tlsDir, 'ca.pem');
    const trusted = await configureProvider({ ...empty, address, token: 'alice-token', ca_file: caFile });
    expect(trusted.diagnostics).toBeUndefined();
    await trusted.providerData!.client.close();
    process.env.CDKWS_CA_FILE = caFile;
    process.env.TFE_HOSTNAME = address.replace('https://', '');
    const fromEnv = await configureProvider({ ...empty, token: 'alice-token' });
    expect(fromEnv.diagnostics).toBeUndefined();
    expect(fromEnv.providerData!.client.address).toBe(address);
    await fromEnv.providerData!.client.close();
    const missing = await configureProvider({ ...empty, address, token: 'alice-token', ca_file: path.join(tlsDir, 'absent.pem') });
    expect(missing.diagnostics![0].detail).toMatch(/cannot read the CA file .*absent\.pem \(from ca_file\)/);
  });
});

it('publishes the schema under the provider source address with the workspace resource', () => {
  const schema = providerSchemaJson() as any;
  const ours = schema.provider_schemas['registry.terraform.io/cdk-workspaces/cdkws'];
  expect(ours.resource_schemas.cdkws_workspace.block.attributes.name).toMatchObject({ type: 'string', required: true });
  expect(ours.resource_schemas.cdkws_workspace.block.block_types.vcs_repo.nesting_mode).toBe('single');
});
