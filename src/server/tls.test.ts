// The TLS material of `cdkws serve --tls`: made once, reused across restarts, renewed when it
// cannot serve, keys private; and a user's own certificate checked before listening.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCertificateAuthority, issueServerCertificate } from '../x509/certificate';
import { ensureLocalTls, loadTlsFiles, TLS_FILES } from './tls';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cdkws-tls-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: keyof typeof TLS_FILES) => path.join(dir, TLS_FILES[name]);

describe('ensureLocalTls', () => {
  it('makes a CA and a server certificate for localhost, 127.0.0.1 and ::1, keys readable by the owner only', () => {
    const tls = ensureLocalTls(dir);
    expect(tls.created).toEqual(['certificate authority', 'server certificate']);
    expect(tls.caFile).toBe(file('ca'));
    const cert = new X509Certificate(tls.cert);
    expect(cert.checkIssued(new X509Certificate(readFileSync(tls.caFile)))).toBe(true);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBeDefined();
    expect(cert.checkIP('::1')).toBeDefined();
    expect(statSync(file('caKey')).mode & 0o777).toBe(0o600);
    expect(statSync(file('key')).mode & 0o777).toBe(0o600);
  });

  it('reuses both on the next start, byte for byte', () => {
    const first = ensureLocalTls(dir);
    const ca = readFileSync(file('ca'), 'utf8');
    const second = ensureLocalTls(dir);
    expect(second.created).toEqual([]);
    expect(second.cert).toBe(first.cert);
    expect(readFileSync(file('ca'), 'utf8')).toBe(ca);
  });

  it('issues a new server certificate from the same CA when the old one nears its end', () => {
    const first = ensureLocalTls(dir);
    const ca = readFileSync(file('ca'), 'utf8');
    const later = ensureLocalTls(dir, Date.now() + 340 * 86_400_000);
    expect(later.created).toEqual(['server certificate']);
    expect(later.cert).not.toBe(first.cert);
    expect(readFileSync(file('ca'), 'utf8')).toBe(ca);
  });

  it('replaces a damaged CA (and so the certificate it signed)', () => {
    ensureLocalTls(dir);
    writeFileSync(file('ca'), 'garbage');
    const again = ensureLocalTls(dir);
    expect(again.created).toEqual(['certificate authority', 'server certificate']);
    expect(new X509Certificate(again.cert).checkIssued(new X509Certificate(readFileSync(file('ca'))))).toBe(true);
  });
});

describe('loadTlsFiles', () => {
  const ca = createCertificateAuthority({ commonName: 'own CA' });
  const own = issueServerCertificate(ca, { dnsNames: ['svc.test'] });
  const other = issueServerCertificate(ca, { dnsNames: ['other.test'] });

  it('loads a matching certificate and key', () => {
    writeFileSync(path.join(dir, 'c.pem'), own.certPem);
    writeFileSync(path.join(dir, 'k.pem'), own.keyPem);
    expect(loadTlsFiles(path.join(dir, 'c.pem'), path.join(dir, 'k.pem'))).toEqual({ cert: own.certPem, key: own.keyPem });
  });

  it('names the file and the fix for a missing file, a non-certificate, a foreign key and an expired certificate', () => {
    const c = path.join(dir, 'c.pem');
    const k = path.join(dir, 'k.pem');
    expect(() => loadTlsFiles(c, k)).toThrow(`cannot read --tls-cert ${c}`);
    writeFileSync(c, 'not a cert');
    writeFileSync(k, own.keyPem);
    expect(() => loadTlsFiles(c, k)).toThrow(/--tls-cert .* is not a PEM certificate/);
    writeFileSync(c, own.certPem);
    writeFileSync(k, other.keyPem);
    expect(() => loadTlsFiles(c, k)).toThrow(/is not the key of --tls-cert/);
    writeFileSync(k, own.keyPem);
    expect(() => loadTlsFiles(c, k, Date.now() + 400 * 86_400_000)).toThrow(/expired on .*give a current certificate/);
  });
});
