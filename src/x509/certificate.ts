// A certificate authority and the server certificates it issues, on node:crypto and the DER writer
// beside this file: enough for a local HTTPS service that Node, Go and OpenSSL clients verify
// (subjectAltName with DNS names and IP addresses, key identifiers, CA basic constraints).
import * as crypto from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { children, der, readElement, tlv, toPem } from './der';

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

const DAY_MS = 86_400_000;

export interface CertificateAndKey {
  /** PEM of the certificate. */
  certPem: string;
  /** PEM (PKCS#8) of its private key. */
  keyPem: string;
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return critical ? der.sequence(der.oid(oid), der.boolean(true), der.octetString(value)) : der.sequence(der.oid(oid), der.octetString(value));
}

function distinguishedName(commonName: string): Buffer {
  return der.sequence(
    der.set(der.sequence(der.oid(OID.organization), der.utf8('cdk-workspaces'))),
    der.set(der.sequence(der.oid(OID.commonName), der.utf8(commonName))),
  );
}

function serialNumber(): Buffer {
  const serial = crypto.randomBytes(16);
  serial[0] &= 0x7f; // positive, and never more than 20 octets
  return serial;
}

/** SHA-1 of the public key's SubjectPublicKeyInfo: stable for a key, so a CA read back gives the same. */
function keyIdentifier(key: crypto.KeyObject): Buffer {
  const publicKey = key.type === 'private' ? crypto.createPublicKey(key) : key;
  return crypto
    .createHash('sha1')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest();
}

/** The DER bytes of an IPv4 or IPv6 address, as an iPAddress entry of subjectAltName holds it. */
export function ipAddressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  if (!isIPv6(address)) throw new Error(`"${address}" is not an IP address`);
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const front = words(head);
  const back = words(tail);
  const all = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const out = Buffer.alloc(16);
  all.forEach((word, i) => out.writeUInt16BE(word, i * 2));
  return out;
}

interface Validity {
  /** Validity start; default five minutes ago (tolerates small clock differences). */
  notBefore?: Date;
  days: number;
}

function sign(tbsParts: Buffer[], signer: crypto.KeyObject): Buffer {
  const signatureAlgorithm = der.sequence(der.oid(OID.ecdsaWithSha256)); // parameters absent for ECDSA
  const tbs = der.sequence(der.explicit(0, der.integer(2)), der.integer(serialNumber()), signatureAlgorithm, ...tbsParts);
  return der.sequence(tbs, signatureAlgorithm, der.bitString(crypto.sign('sha256', tbs, signer)));
}

function validity({ notBefore, days }: Validity): Buffer {
  const start = notBefore ?? new Date(Date.now() - 5 * 60_000);
  return der.sequence(der.utcTime(start), der.utcTime(new Date(start.getTime() + days * DAY_MS)));
}

function pair(cert: Buffer, key: crypto.KeyObject): CertificateAndKey {
  return { certPem: toPem('CERTIFICATE', cert), keyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string };
}

/** A new ECDSA P-256 certificate authority that may sign server certificates (and no other CAs). */
export function createCertificateAuthority(options: { commonName: string; days?: number; notBefore?: Date }): CertificateAndKey {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = distinguishedName(options.commonName);
  // keyCertSign(5) cRLSign(6): 0000 0110, 1 unused bit.
  const extensions = der.sequence(
    extension(OID.basicConstraints, true, der.sequence(der.boolean(true), der.integer(0))),
    extension(OID.keyUsage, true, der.bitString(Buffer.from([0x06]), 1)),
    extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey))),
  );
  const cert = sign(
    [
      name,
      validity({ notBefore: options.notBefore, days: options.days ?? 3650 }),
      name,
      publicKey.export({ type: 'spki', format: 'der' }),
      der.explicit(3, extensions),
    ],
    privateKey,
  );
  return pair(cert, privateKey);
}

/** The subject Name of a certificate, as its exact DER bytes (the issuer of what it signs). */
function subjectOf(certDer: Buffer): Buffer {
  const tbs = children(certDer, readElement(certDer))[0];
  const fields = children(certDer, tbs);
  const hasVersion = fields[0].tag === 0xa0;
  const subject = fields[hasVersion ? 5 : 4];
  return certDer.subarray(subject.start, subject.end);
}

export interface ServerCertificateOptions {
  /** Host names the certificate is good for, e.g. `localhost`. */
  dnsNames: string[];
  /** IP addresses it is good for, e.g. `127.0.0.1`, `::1`. */
  ipAddresses?: string[];
  /** Validity in days; default 365 (clients refuse server certificates valid for much longer). */
  days?: number;
  notBefore?: Date;
}

/** A new ECDSA P-256 server certificate for the given names, signed by `ca`. */
export function issueServerCertificate(ca: CertificateAndKey, options: ServerCertificateOptions): CertificateAndKey {
  const caCert = new crypto.X509Certificate(ca.certPem);
  const caKey = crypto.createPrivateKey(ca.keyPem);
  if (!caCert.checkPrivateKey(caKey)) throw new Error('the CA key does not belong to the CA certificate');
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const names = [
    ...options.dnsNames.map((name) => der.implicit(2, Buffer.from(name, 'ascii'))),
    ...(options.ipAddresses ?? []).map((ip) => der.implicit(7, ipAddressBytes(ip))),
  ];
  // digitalSignature(0): 1000 0000, 7 unused bits (ECDHE key exchange signs, never encrypts).
  const extensions = der.sequence(
    extension(OID.basicConstraints, true, der.sequence()),
    extension(OID.keyUsage, true, der.bitString(Buffer.from([0x80]), 7)),
    extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth))),
    extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey))),
    extension(OID.authorityKeyIdentifier, false, der.sequence(der.implicit(0, keyIdentifier(caKey)))),
    // The names are in subjectAltName only (clients ignore the common name), so it is not critical.
    extension(OID.subjectAltName, false, tlv(0x30, ...names)),
  );
  const cert = sign(
    [
      subjectOf(caCert.raw),
      validity({ notBefore: options.notBefore, days: options.days ?? 365 }),
      distinguishedName(options.dnsNames[0] ?? options.ipAddresses?.[0] ?? 'server'),
      publicKey.export({ type: 'spki', format: 'der' }),
      der.explicit(3, extensions),
    ],
    caKey,
  );
  return pair(cert, privateKey);
}
