import path from 'node:path';
import {
  CredentialsError,
  addressSource,
  normalizeAddress,
  parseCliConfigCredentials,
  parseCredentialsJson,
  readCaFile,
  resolveCredentials,
  tfTokenVariable,
} from './credentials';

const HOME = '/home/u';
const files = (entries: Record<string, string>) => (file: string) => {
  if (file in entries) return entries[file];
  throw Object.assign(new Error(`ENOENT ${file}`), { code: 'ENOENT' });
};
const JSON_FILE = path.join(HOME, '.terraform.d', 'credentials.tfrc.json');

describe('normalizeAddress', () => {
  it('keeps scheme, host and port and drops a trailing slash or /api/v2', () => {
    expect(normalizeAddress('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(normalizeAddress('https://tfe.example.com/api/v2')).toBe('https://tfe.example.com');
    expect(normalizeAddress('tfe.example.com')).toBe('https://tfe.example.com');
  });

  it('rejects other paths and schemes with the value in the message', () => {
    expect(() => normalizeAddress('https://h/other')).toThrow(/"https:\/\/h\/other" must be scheme:\/\/host\[:port\]/);
    expect(() => normalizeAddress('ftp://h')).toThrow(/must use http or https/);
  });
});

describe('parsing Terraform CLI credentials', () => {
  it('reads credentials blocks of a CLI config file, ignoring comments', () => {
    const text = `
      # credentials "commented.example.com" { token = "no" }
      credentials "app.example.com" {
        token = "abc.def#not-a-comment"   // trailing comment
      }
      /* credentials "block.example.com" { token = "no" } */
      credentials "Localhost:8080" { token = "local" }
      provider_installation { direct {} }`;
    expect(parseCliConfigCredentials(text)).toEqual({ 'app.example.com': 'abc.def#not-a-comment', 'localhost:8080': 'local' });
  });

  it('reads credentials.tfrc.json and ignores broken files', () => {
    expect(parseCredentialsJson('{"credentials":{"app.example.com":{"token":"t1"},"x":{}}}')).toEqual({ 'app.example.com': 't1' });
    expect(parseCredentialsJson('not json')).toEqual({});
  });

  it('names TF_TOKEN_ variables as Terraform does', () => {
    expect(tfTokenVariable('app.my-host.example.com')).toBe('TF_TOKEN_app_my__host_example_com');
  });
});

describe('resolveCredentials', () => {
  const base = { homeDir: HOME, readFile: files({}) };

  it('prefers explicit values over every environment variable', () => {
    const env = { CDKWS_ADDRESS: 'http://env:1', CDKWS_TOKEN: 'env-token', TFE_HOSTNAME: 'tfe', TFE_TOKEN: 'tfe-token' };
    expect(resolveCredentials({ ...base, env, address: 'http://explicit:2', token: 'explicit' })).toEqual({
      address: 'http://explicit:2',
      token: 'explicit',
      tokenSource: 'explicit',
    });
  });

  it('prefers CDKWS_* over TFE_*, and gives TFE_HOSTNAME an https scheme', () => {
    expect(
      resolveCredentials({ ...base, env: { CDKWS_ADDRESS: 'http://env:1', TFE_HOSTNAME: 'tfe.example.com', CDKWS_TOKEN: 'a', TFE_TOKEN: 'b' } }),
    ).toMatchObject({ address: 'http://env:1', token: 'a', tokenSource: 'CDKWS_TOKEN' });
    expect(resolveCredentials({ ...base, env: { TFE_HOSTNAME: 'tfe.example.com', TFE_TOKEN: 'b', TFE_ORGANIZATION: 'acme' } })).toEqual({
      address: 'https://tfe.example.com',
      token: 'b',
      tokenSource: 'TFE_TOKEN',
      organization: 'acme',
    });
  });

  it('falls back to the CLI config named by TF_CLI_CONFIG_FILE for the host with its port', () => {
    const readFile = files({
      '/etc/tf.rc': 'credentials "127.0.0.1:8080" { token = "from-config" }',
      [JSON_FILE]: '{"credentials":{"127.0.0.1:8080":{"token":"from-json"}}}',
    });
    const env = { CDKWS_ADDRESS: 'http://127.0.0.1:8080', TF_CLI_CONFIG_FILE: '/etc/tf.rc' };
    expect(resolveCredentials({ env, homeDir: HOME, readFile })).toMatchObject({ token: 'from-config', tokenSource: 'cli-config' });
  });

  it('falls back to credentials.tfrc.json, and only for the same host', () => {
    const readFile = files({ [JSON_FILE]: '{"credentials":{"tfe.example.com":{"token":"from-json"}}}' });
    expect(resolveCredentials({ env: { TFE_HOSTNAME: 'tfe.example.com' }, homeDir: HOME, readFile })).toMatchObject({
      token: 'from-json',
      tokenSource: 'credentials-file',
    });
    expect(() => resolveCredentials({ env: { TFE_HOSTNAME: 'other.example.com' }, homeDir: HOME, readFile })).toThrow(/no API token for other.example.com/);
  });

  it('fails with what to set when there is no address', () => {
    expect(() => resolveCredentials({ ...base, env: {} })).toThrow(CredentialsError);
    expect(() => resolveCredentials({ ...base, env: {} })).toThrow(/CDKWS_ADDRESS/);
  });
});

describe('an extra certificate authority', () => {
  const env = { CDKWS_ADDRESS: 'https://localhost:8443', CDKWS_TOKEN: 't' };

  it('comes from caFile, then CDKWS_CA_FILE, and is absent otherwise', () => {
    expect(resolveCredentials({ env: { ...env, CDKWS_CA_FILE: '/env/ca.pem' }, caFile: '/explicit/ca.pem' })).toMatchObject({
      caFile: '/explicit/ca.pem',
      caFileSource: 'explicit',
    });
    expect(resolveCredentials({ env: { ...env, CDKWS_CA_FILE: '/env/ca.pem' } })).toMatchObject({ caFile: '/env/ca.pem', caFileSource: 'CDKWS_CA_FILE' });
    expect(resolveCredentials({ env })).not.toHaveProperty('caFile');
  });

  it('is read as PEM, and a missing or non-PEM file is named with where its name came from', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const readFile = files({ '/ca.pem': pem, '/junk.txt': 'hello' });
    expect(readCaFile('/ca.pem', 'CDKWS_CA_FILE', readFile)).toBe(pem);
    expect(() => readCaFile('/absent.pem', 'CDKWS_CA_FILE', readFile)).toThrow('cannot read the CA file /absent.pem (from CDKWS_CA_FILE): ENOENT');
    expect(() => readCaFile('/junk.txt', 'ca_file', readFile)).toThrow(/\/junk\.txt \(from ca_file\) holds no PEM certificate/);
  });
});

it('names which setting gave the address', () => {
  expect(addressSource({ address: 'https://a', env: { CDKWS_ADDRESS: 'x' } })).toBe('explicit');
  expect(addressSource({ env: { CDKWS_ADDRESS: 'x', TFE_HOSTNAME: 'y' } })).toBe('CDKWS_ADDRESS');
  expect(addressSource({ env: { TFE_HOSTNAME: 'y' } })).toBe('TFE_HOSTNAME');
  expect(addressSource({ env: {} })).toBeUndefined();
});
