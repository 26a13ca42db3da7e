// Provider configuration: durations, credentials resolution order, and the token kept out of sight.
import { inspect } from 'node:util';
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
  afterEach(() => {
    process.env = { ...saved };
  });

  it('prefers the provider block over the environment', async () => {
    process.env.CDKWS_ADDRESS = 'http://env.example:1';
    process.env.CDKWS_TOKEN = 'env-token';
    const res = await configureProvider({ address: 'http://block.example:2', token: 'block-token', organization: 'acme', lock_timeout: '5s' });
    expect(res.providerData!.client.address).toBe('http://block.example:2');
    expect(res.providerData!.client.tokenSource).toBe('explicit');
    expect(res.providerData).toMatchObject({ organization: 'acme', lockTimeoutMs: 5000 });
  });

  it('falls back to CDKWS_ADDRESS and CDKWS_TOKEN, with a 60s lock timeout', async () => {
    process.env.CDKWS_ADDRESS = 'http://env.example:1';
    process.env.CDKWS_TOKEN = 'env-token';
    const res = await configureProvider({ address: null, token: null, organization: null, lock_timeout: null });
    expect(res.providerData!.client.address).toBe('http://env.example:1');
    expect(res.providerData!.client.tokenSource).toBe('CDKWS_TOKEN');
    expect(res.providerData!.lockTimeoutMs).toBe(60_000);
  });

  it('never shows the token when the provider data is inspected or serialized', async () => {
    const res = await configureProvider({ address: 'http://x.example', token: 'very-secret-token', organization: null, lock_timeout: null });
    expect(inspect(res.providerData, { depth: 5 })).not.toContain('very-secret-token');
    expect(JSON.stringify(res.providerData!.client)).not.toContain('very-secret-token');
  });

  it('reports a missing address as a diagnostic', async () => {
    delete process.env.CDKWS_ADDRESS;
    delete process.env.TFE_HOSTNAME;
    const res = await configureProvider({ address: null, token: 't', organization: null, lock_timeout: null });
    expect(res.diagnostics![0].detail).toMatch(/no service address/);
  });
});

it('publishes the schema under the provider source address with the workspace resource', () => {
  const schema = providerSchemaJson() as any;
  const ours = schema.provider_schemas['registry.terraform.io/cdk-workspaces/cdkws'];
  expect(ours.resource_schemas.cdkws_workspace.block.attributes.name).toMatchObject({ type: 'string', required: true });
  expect(ours.resource_schemas.cdkws_workspace.block.block_types.vcs_repo.nesting_mode).toBe('single');
});
