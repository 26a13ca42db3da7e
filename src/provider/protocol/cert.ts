// The plugin's self-signed server certificate, built on node:crypto with a tiny ASN.1 DER writer.
// An X.509 library costs ~70 ms of start-up; this costs about a millisecond. Terraform (go-plugin)
// pins this exact certificate and verifies the name `localhost`, the validity period and the
// extended key usage, so those are what matter here.
import * as crypto from 'node:crypto';

// ---- ASN.1 DER ----

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const der = {
  sequence: (...items: Buffer[]) => tlv(0x30, ...items),
  set: (...items: Buffer[]) => tlv(0x31, ...items),
  boolean: (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0x00])),
  /** Unsigned big-endian integer bytes; a leading 0x00 keeps it positive. */
  integer(bytes: Buffer | number): Buffer {
    let b = typeof bytes === 'number' ? Buffer.from([bytes]) : bytes;
    let i = 0;
    while (i < b.length - 1 && b[i] === 0 && b[i + 1] < 0x80) i++;
    b = b.subarray(i);
    if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
    return tlv(0x02, b);
  },
  oid(dotted: string): Buffer {
    const parts = dotted.split('.').map(Number);
    const out = [parts[0] * 40 + parts[1]];
    for (const p of parts.slice(2)) {
      const chunk = [p & 0x7f];
      for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
      out.push(...chunk);
    }
    return tlv(0x06, Buffer.from(out));
  },
  utf8: (s: string) => tlv(0x0c, Buffer.from(s, 'utf8')),
  /** BIT STRING with `unused` trailing bits in the last byte. */
  bitString: (bytes: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), bytes),
  octetString: (bytes: Buffer) => tlv(0x04, bytes),
  /** UTCTime (years 1950–2049), as X.509 requires for those years. */
  utcTime(d: Date): Buffer {
    const p = (n: number) => String(n).padStart(2, '0');
    const s = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
    return tlv(0x17, Buffer.from(s, 'ascii'));
  },
  explicit: (n: number, ...content: Buffer[]) => tlv(0xa0 | n, ...content),
  /** [n] IMPLICIT primitive, e.g. a dNSName in subjectAltName is [2]. */
  implicit: (n: number, bytes: Buffer) => tlv(0x80 | n, bytes),
};

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
};

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? der.sequence(der.oid(oid), der.boolean(true), der.octetString(value))
    : der.sequence(der.oid(oid), der.octetString(value));
}

export interface ServerCertificate {
  /** PEM of the certificate, for the TLS server. */
  certPem: string;
  /** PEM (PKCS#8) of the private key. */
  keyPem: string;
  /** DER bytes of the certificate, for the handshake line. */
  der: Buffer;
}

export interface CertificateOptions {
  /** Validity start; default five minutes ago (tolerates small clock differences). */
  notBefore?: Date;
  /** Validity length in days; default 365. */
  days?: number;
}

/** A fresh ECDSA P-256 self-signed CA certificate for `localhost`, good for server and client auth. */
export function createServerCertificate(opts: CertificateOptions = {}): ServerCertificate {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const notBefore = opts.notBefore ?? new Date(Date.now() - 5 * 60_000);
  const notAfter = new Date(notBefore.getTime() + (opts.days ?? 365) * 86_400_000);
  const serial = crypto.randomBytes(16);
  serial[0] &= 0x7f; // positive, and never more than 20 octets

  const name = der.sequence(
    der.set(der.sequence(der.oid(OID.organization), der.utf8('cdk-workspaces'))),
    der.set(der.sequence(der.oid(OID.commonName), der.utf8('localhost'))),
  );
  const signatureAlgorithm = der.sequence(der.oid(OID.ecdsaWithSha256)); // parameters absent for ECDSA
  // digitalSignature(0) keyEncipherment(2) keyAgreement(4) keyCertSign(5): 1010 1100, 2 unused bits.
  const keyUsage = der.bitString(Buffer.from([0xac]), 2);
  const extensions = der.sequence(
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth), der.oid(OID.clientAuth))),
    extension(OID.basicConstraints, true, der.sequence(der.boolean(true))),
    extension(OID.subjectAltName, false, der.sequence(der.implicit(2, Buffer.from('localhost', 'ascii')))),
  );
  const tbs = der.sequence(
    der.explicit(0, der.integer(2)), // version 3
    der.integer(serial),
    signatureAlgorithm,
    name,
    der.sequence(der.utcTime(notBefore), der.utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der.explicit(3, extensions),
  );
  const signature = crypto.sign('sha256', tbs, privateKey); // DER-encoded ECDSA signature
  const cert = der.sequence(tbs, signatureAlgorithm, der.bitString(signature));
  return {
    der: cert,
    certPem: toPem('CERTIFICATE', cert),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

export function toPem(label: string, bytes: Buffer): string {
  const b64 = bytes.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${b64}-----END ${label}-----\n`;
}
