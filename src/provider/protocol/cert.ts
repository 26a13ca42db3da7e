// The plugin's self-signed server certificate, built on node:crypto with a tiny ASN.1 DER writer.
// An X.509 library costs ~70 ms of start-up; this costs about a millisecond. Terraform (go-plugin)
// pins this exact certificate and verifies the name `localhost`, the validity period and the
// extended key usage, so those are what matter here.
import * as crypto from 'node:crypto';

// The DER writer lives in src/x509 (the service's local CA uses it too); re-exported unchanged.
import { der, toPem } from '../../x509/der';

export { der, tlv, toPem } from '../../x509/der';

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
  return critical ? der.sequence(der.oid(oid), der.boolean(true), der.octetString(value)) : der.sequence(der.oid(oid), der.octetString(value));
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
