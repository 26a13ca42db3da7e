// HTTPS material for `cdkws serve --tls`: a local certificate authority and a server certificate
// for localhost, 127.0.0.1 and ::1, kept in a folder beside the data and reused across restarts
// (so a client told to trust the CA once keeps trusting it), or a certificate of the user's own.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCertificateAuthority, issueServerCertificate, type CertificateAndKey } from '../x509/certificate';

export const LOCAL_DNS_NAMES = ['localhost'];
export const LOCAL_IP_ADDRESSES = ['127.0.0.1', '::1'];
/** A server certificate closer than this to its end is issued anew at start. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

export interface TlsMaterial {
  cert: string;
  key: string;
}

export interface LocalTls extends TlsMaterial {
  /** Absolute path of the CA certificate clients should trust. */
  caFile: string;
  /** What was made at this start (nothing when everything was reused). */
  created: Array<'certificate authority' | 'server certificate'>;
}

export class TlsSetupError extends Error {
  override name = 'TlsSetupError';
}

export const TLS_FILES = { ca: 'ca.pem', caKey: 'ca-key.pem', cert: 'server.pem', key: 'server-key.pem' } as const;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes a file whole or not at all; keys are readable by their owner only. */
function writeAtomically(file: string, text: string, secret: boolean): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: secret ? 0o600 : 0o644 });
  if (secret) chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function usableCa(pair: { certPem?: string; keyPem?: string }, now: number): CertificateAndKey | undefined {
  if (!pair.certPem || !pair.keyPem) return undefined;
  try {
    const cert = new X509Certificate(pair.certPem);
    if (!cert.ca || Date.parse(cert.validTo) - now < RENEW_BEFORE_MS) return undefined;
    if (!cert.checkPrivateKey(createPrivateKey(pair.keyPem))) return undefined;
    return { certPem: pair.certPem, keyPem: pair.keyPem };
  } catch {
    return undefined;
  }
}

function usableServerCertificate(ca: CertificateAndKey, pair: { certPem?: string; keyPem?: string }, now: number): boolean {
  if (!pair.certPem || !pair.keyPem) return false;
  try {
    const cert = new X509Certificate(pair.certPem);
    const authority = new X509Certificate(ca.certPem);
    return (
      cert.checkIssued(authority) &&
      cert.verify(authority.publicKey) &&
      Date.parse(cert.validTo) - now >= RENEW_BEFORE_MS &&
      Date.parse(cert.validFrom) <= now &&
      LOCAL_DNS_NAMES.every((name) => cert.checkHost(name) !== undefined) &&
      LOCAL_IP_ADDRESSES.every((ip) => cert.checkIP(ip) !== undefined) &&
      cert.checkPrivateKey(createPrivateKey(pair.keyPem))
    );
  } catch {
    return false;
  }
}

/** The CA and server certificate in `dir`, made when absent, unusable or near their end. */
export function ensureLocalTls(dir: string, now = Date.now()): LocalTls {
  const folder = path.resolve(dir);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new TlsSetupError(`cannot create the TLS folder ${folder}: ${(error as Error).message}`);
  }
  const file = (name: keyof typeof TLS_FILES) => path.join(folder, TLS_FILES[name]);
  const created: LocalTls['created'] = [];
  let ca = usableCa({ certPem: read(file('ca')), keyPem: read(file('caKey')) }, now);
  if (!ca) {
    const fresh = createCertificateAuthority({ commonName: 'cdk-workspaces local CA' });
    // The key goes in place first: a CA certificate is only ever seen beside its key.
    writeAtomically(file('caKey'), fresh.keyPem, true);
    writeAtomically(file('ca'), fresh.certPem, false);
    ca = fresh;
    created.push('certificate authority');
  }
  let server: CertificateAndKey = { certPem: read(file('cert')) ?? '', keyPem: read(file('key')) ?? '' };
  if (!usableServerCertificate(ca, server, now)) {
    server = issueServerCertificate(ca, { dnsNames: LOCAL_DNS_NAMES, ipAddresses: LOCAL_IP_ADDRESSES });
    writeAtomically(file('key'), server.keyPem, true);
    writeAtomically(file('cert'), server.certPem, false);
    created.push('server certificate');
  }
  return { cert: server.certPem, key: server.keyPem, caFile: file('ca'), created };
}

/** A certificate and key of the user's own, checked before the service listens. */
export function loadTlsFiles(certFile: string, keyFile: string, now = Date.now()): TlsMaterial {
  const cert = read(certFile);
  if (cert === undefined) throw new TlsSetupError(`cannot read --tls-cert ${certFile}; give the path of a PEM certificate file`);
  const key = read(keyFile);
  if (key === undefined) throw new TlsSetupError(`cannot read --tls-key ${keyFile}; give the path of a PEM private key file`);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new TlsSetupError(`--tls-cert ${certFile} is not a PEM certificate ("-----BEGIN CERTIFICATE-----")`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new TlsSetupError(`--tls-key ${keyFile} is not an unencrypted PEM private key`);
  }
  if (!x509.checkPrivateKey(privateKey)) throw new TlsSetupError(`--tls-key ${keyFile} is not the key of --tls-cert ${certFile}; give the matching pair`);
  if (Date.parse(x509.validTo) < now) throw new TlsSetupError(`--tls-cert ${certFile} expired on ${x509.validTo}; give a current certificate`);
  return { cert, key };
}
