// docs/guide-test-double.md's GitHub Actions job trusts the local CA of `cdkws serve --tls` in
// addition to the system's authorities, not instead of them: its trust step runs here as written
// (with `$GITHUB_ENV` faked), and a later step's OpenSSL (what Go and Terraform also read through
// SSL_CERT_FILE) verifies both the local service and a host whose authority is only in the system's
// list. That list is a temporary file holding a test CA, so nothing reaches the network.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCertificateAuthority, issueServerCertificate } from '../../src/x509/certificate';
import { parseYaml, readGithubFile, runScript, runnerEnvironment, type GithubStep } from '../helpers/ci-steps';
import { ROOT, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(60_000);

const GUIDE = path.join(ROOT, 'docs', 'guide-test-double.md');

/** The steps of the guide's GitHub Actions job. */
function guideJobSteps(): GithubStep[] {
  const text = readFileSync(GUIDE, 'utf8');
  const section = text.slice(text.indexOf('## A GitHub Actions job'));
  const yaml = /```yaml\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (!yaml) throw new Error('no yaml block under "A GitHub Actions job"');
  const jobs = parseYaml(yaml).jobs as Record<string, { steps: GithubStep[] }>;
  return Object.values(jobs)[0].steps;
}

describe('the test-double job of docs/guide-test-double.md', () => {
  let dir: string;
  let serve: ServeProcess | undefined;
  let publicHost: https.Server | undefined;
  let publicPort: number;
  let systemBundle: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cdkws-trust-'));
    serve = await spawnServe(['--data', path.join(dir, 'service.db')], ['--tls']);
    // A "public" host: its authority is in the (temporary) system list only.
    const publicCa = createCertificateAuthority({ commonName: 'A public authority (test)' });
    const certificate = issueServerCertificate(publicCa, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] });
    systemBundle = path.join(dir, 'system-ca-certificates.crt');
    writeFileSync(systemBundle, publicCa.certPem);
    publicHost = https.createServer({ cert: certificate.certPem, key: certificate.keyPem }, (_req, res) => res.end('public'));
    await new Promise<void>((resolve) => publicHost?.listen(0, '127.0.0.1', resolve));
    publicPort = (publicHost.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await stopServe(serve);
    await new Promise((resolve) => (publicHost ? publicHost.close(resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  /** OpenSSL's verdict on a host's certificate, with the trust a step has. */
  const verify = (port: number, env: NodeJS.ProcessEnv) =>
    runScript(`openssl s_client -connect 127.0.0.1:${port} -servername localhost -verify_return_error -brief </dev/null`, dir, env, 30_000);

  it('gives later steps the local CA and the system authorities, for OpenSSL (SSL_CERT_FILE) and Node (NODE_EXTRA_CA_CERTS)', async () => {
    const step = guideJobSteps().find((s) => s.name === "Trust the local CA in addition to the system's");
    expect(step?.run).toBeDefined();
    const githubEnv = path.join(dir, 'github-env');
    writeFileSync(githubEnv, '');
    // The runner's own setting names the system list (here the temporary one).
    const ran = await runScript(step?.run ?? '', dir, runnerEnvironment(dir, { CDKWS_DIR: dir, GITHUB_ENV: githubEnv, SSL_CERT_FILE: systemBundle }));
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    const exported = readGithubFile(githubEnv);
    expect(exported).toEqual({ NODE_EXTRA_CA_CERTS: path.join(dir, 'tls', 'ca.pem'), SSL_CERT_FILE: path.join(dir, 'ca-bundle.pem') });

    const later = runnerEnvironment(dir, exported);
    const local = await verify(Number(new URL(serve?.url ?? '').port), later);
    expect({ code: local.code, verdict: /Verification: OK/.test(local.stderr) }).toEqual({ code: 0, verdict: true });
    const publicOne = await verify(publicPort, later);
    expect({ code: publicOne.code, verdict: /Verification: OK/.test(publicOne.stderr) }).toEqual({ code: 0, verdict: true });

    // Node keeps its own authorities and adds the local CA: the handshake succeeds (401: no token sent).
    const node = await runScript(
      `node -e "require('https').get('${serve?.url}/api/v2/ping', (r) => { console.log(r.statusCode); r.resume(); }).on('error', (e) => { console.error(e.message); process.exit(1); })"`,
      dir,
      later,
      30_000,
    );
    expect(node).toMatchObject({ code: 0, stdout: '401\n' });
  });

  it('is needed: with SSL_CERT_FILE naming the local CA alone, the public host fails its check', async () => {
    const alone = runnerEnvironment(dir, { SSL_CERT_FILE: path.join(dir, 'tls', 'ca.pem') });
    const publicOne = await verify(publicPort, alone);
    expect(publicOne.code).not.toBe(0);
    expect(publicOne.stderr).toMatch(/verify error|unable to get local issuer certificate/);
  });
});
