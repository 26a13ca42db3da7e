// `cdkws serve --tls` as a process: HTTPS with a local CA kept beside the data and reused across
// restarts, the CA path and how to trust it printed, `--tls-cert/--tls-key` for a certificate of
// one's own, plain HTTP still the default, and argument errors that name the fix.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCertificateAuthority, issueServerCertificate } from '../../src/x509/certificate';
import { Client } from '../../src/client';
import { ORG, TOKENS } from '../helpers/service';
import { CLI, ROOT, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(60_000);

let dir: string;
const started: ServeProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cdkws-serve-tls-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => stopServe(p, 'SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(args: string[]): Promise<ServeProcess> {
  const process_ = await spawnServe(['--data', path.join(dir, 'service.db')], args);
  started.push(process_);
  return process_;
}

/** GET over HTTPS trusting only `ca`, addressed by `host` (a name or an address). */
function get(url: string, ca: string, host: string): Promise<{ status: number; body: any }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.pathname,
          servername: host === '127.0.0.1' ? undefined : host,
          headers: { authorization: `Bearer ${TOKENS.owner}`, host },
          ca,
          agent: false,
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
        },
      )
      .on('error', reject);
  });
}

describe('cdkws serve --tls', () => {
  it('serves HTTPS, prints the listening line, the CA file and how to trust it', async () => {
    const server = await serve(['--tls']);
    const { stdout, stderr } = server.output();
    expect(stdout).toMatch(/^listening on https:\/\/127\.0\.0\.1:\d+$/m);
    const caFile = path.join(dir, 'tls', 'ca.pem');
    expect(stderr).toContain(`certificate authority: ${caFile}`);
    expect(stderr).toContain(`NODE_EXTRA_CA_CERTS=${caFile}`);
    expect(stderr).toContain(`SSL_CERT_FILE=${caFile}`);
    expect(stderr).toContain(`CDKWS_CA_FILE=${caFile}`);
    const ca = readFileSync(caFile, 'utf8');
    for (const host of ['localhost', '127.0.0.1']) {
      const response = await get(`${server.url}/api/v2/organizations/${ORG}/workspaces`, ca, host);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body.data)).toBe(true);
    }
    // A client that does not trust the CA is refused.
    await expect(get(`${server.url}/api/v2/ping`, createCertificateAuthority({ commonName: 'stranger' }).certPem, 'localhost')).rejects.toThrow();
  });

  it('keeps the CA and certificate beside the data and reuses them after a restart', async () => {
    const first = await serve(['--tls']);
    const ca = readFileSync(path.join(dir, 'tls', 'ca.pem'), 'utf8');
    const cert = readFileSync(path.join(dir, 'tls', 'server.pem'), 'utf8');
    expect(first.output().stderr).toMatch(/made a new certificate authority and a new server certificate/);
    await stopServe(started.pop(), 'SIGTERM');
    const second = await serve(['--tls']);
    expect(second.output().stderr).toMatch(/reusing the certificate authority and server certificate/);
    expect(readFileSync(path.join(dir, 'tls', 'ca.pem'), 'utf8')).toBe(ca);
    expect(readFileSync(path.join(dir, 'tls', 'server.pem'), 'utf8')).toBe(cert);
    expect((await get(`${second.url}/api/v2/ping`, ca, 'localhost')).status).toBe(204);
  });

  it('is reached by our client at https://localhost:PORT with the ca option', async () => {
    const server = await serve(['--tls']);
    const port = new URL(server.url).port;
    const client = Client.fromEnvironment({
      env: { TFE_HOSTNAME: `localhost:${port}`, TFE_TOKEN: TOKENS.owner, CDKWS_CA_FILE: path.join(dir, 'tls', 'ca.pem') },
    });
    try {
      expect(client.address).toBe(`https://localhost:${port}`);
      const account = await client.account.details();
      expect(account).toMatchObject({ id: 'user-alice', username: 'alice', isServiceAccount: false });
    } finally {
      await client.close();
    }
    const untrusting = new Client({ address: `https://localhost:${port}`, token: TOKENS.owner, retry: false });
    try {
      await expect(untrusting.account.details()).rejects.toThrow(/TLS certificate is not trusted.*CDKWS_CA_FILE/);
    } finally {
      await untrusting.close();
    }
  });

  it("serves a certificate of the user's own with --tls-cert and --tls-key", async () => {
    const ca = createCertificateAuthority({ commonName: 'own CA' });
    const own = issueServerCertificate(ca, { dnsNames: ['service.test'] });
    writeFileSync(path.join(dir, 'cert.pem'), own.certPem);
    writeFileSync(path.join(dir, 'key.pem'), own.keyPem);
    const server = await serve(['--tls-cert', path.join(dir, 'cert.pem'), '--tls-key', path.join(dir, 'key.pem')]);
    expect(server.url).toMatch(/^https:/);
    expect((await get(`${server.url}/api/v2/ping`, ca.certPem, 'service.test')).status).toBe(204);
  });

  it('stays plain HTTP without the flags', async () => {
    const server = await serve([]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output().stderr).not.toMatch(/certificate authority/);
  });

  it('refuses half a pair and a key that does not match, naming the fix, before listening', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [CLI, 'serve', '--data', ':memory:', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    const half = run(['--tls-cert', 'x.pem']);
    expect(half.status).toBe(1);
    expect(half.stderr).toMatch(/--tls-cert and --tls-key go together/);
    const ca = createCertificateAuthority({ commonName: 'own CA' });
    const a = issueServerCertificate(ca, { dnsNames: ['a.test'] });
    const b = issueServerCertificate(ca, { dnsNames: ['b.test'] });
    writeFileSync(path.join(dir, 'a.pem'), a.certPem);
    writeFileSync(path.join(dir, 'b-key.pem'), b.keyPem);
    const mismatched = run(['--tls-cert', path.join(dir, 'a.pem'), '--tls-key', path.join(dir, 'b-key.pem')]);
    expect(mismatched.status).toBe(1);
    expect(mismatched.stderr).toMatch(/is not the key of --tls-cert .*give the matching pair/);
    expect(mismatched.stdout).not.toMatch(/listening/);
  });
});
