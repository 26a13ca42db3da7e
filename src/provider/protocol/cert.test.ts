import * as crypto from 'node:crypto';
import { createServerCertificate, der } from './cert';

describe('server certificate', () => {
  const cert = createServerCertificate();
  const x = new crypto.X509Certificate(cert.certPem);

  it('parses, and is self-signed with its own key', () => {
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyType).toBe('ec');
    expect(x.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(crypto.createPrivateKey(cert.keyPem).asymmetricKeyType).toBe('ec');
    expect(Buffer.compare(x.raw, cert.der)).toBe(0);
  });

  it('names localhost in CN and DNS SAN, as go-plugin verifies', () => {
    expect(x.subject).toContain('CN=localhost');
    expect(x.subjectAltName).toBe('DNS:localhost');
    expect(x.checkHost('localhost')).toBe('localhost');
  });

  it('is a CA for server and client auth', () => {
    expect(x.ca).toBe(true);
    expect(x.keyUsage).toEqual(expect.arrayContaining(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']));
  });

  it('has key usage digitalSignature, keyEncipherment, keyAgreement, keyCertSign (critical)', () => {
    // keyUsage extension: OID 2.5.29.15, critical TRUE, OCTET STRING { BIT STRING 02 ac }
    const ext = Buffer.concat([der.oid('2.5.29.15'), der.boolean(true), der.octetString(Buffer.from('030202ac', 'hex'))]);
    expect(cert.der.includes(ext)).toBe(true);
  });

  it('is valid from a little before now for about a year', () => {
    const from = new Date(x.validFrom).getTime();
    const to = new Date(x.validTo).getTime();
    expect(from).toBeLessThan(Date.now());
    expect(from).toBeGreaterThan(Date.now() - 3_600_000);
    expect(to - from).toBeGreaterThanOrEqual(364 * 86_400_000);
  });

  it('makes a fresh key and serial each time', () => {
    const other = new crypto.X509Certificate(createServerCertificate().certPem);
    expect(other.serialNumber).not.toBe(x.serialNumber);
  });

  it('writes DER primitives correctly', () => {
    expect(der.oid('1.2.840.10045.4.3.2').toString('hex')).toBe('06082a8648ce3d040302');
    expect(der.integer(Buffer.from([0x80])).toString('hex')).toBe('02020080');
    expect(der.integer(Buffer.from([0, 0, 5])).toString('hex')).toBe('020105');
    expect(der.octetString(Buffer.alloc(200)).subarray(0, 3).toString('hex')).toBe('0481c8');
  });
});
