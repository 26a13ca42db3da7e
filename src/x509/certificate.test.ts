// The local CA and the server certificates it issues are what Node's own X.509 parser and TLS
// stack accept: chain, names, key usage, validity.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority, ipAddressBytes, issueServerCertificate } from './certificate';

describe('ipAddressBytes', () => {
  it('encodes IPv4 and IPv6 (with and without ::) as 4 and 16 bytes', () => {
    expect([...ipAddressBytes('127.0.0.1')]).toEqual([127, 0, 0, 1]);
    expect(ipAddressBytes('::1').toString('hex')).toBe('00000000000000000000000000000001');
    expect(ipAddressBytes('fe80::1:2').toString('hex')).toBe('fe800000000000000000000000010002');
    expect(ipAddressBytes('1:2:3:4:5:6:7:8').toString('hex')).toBe('00010002000300040005000600070008');
    expect(() => ipAddressBytes('localhost')).toThrow(/not an IP address/);
  });
});

describe('a CA and a server certificate', () => {
  const ca = createCertificateAuthority({ commonName: 'test CA' });
  const server = issueServerCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1', '::1'] });
  const caCert = new X509Certificate(ca.certPem);
  const cert = new X509Certificate(server.certPem);

  it('makes a CA certificate that signs itself and holds its key', () => {
    expect(caCert.ca).toBe(true);
    expect(caCert.subject).toContain('CN=test CA');
    expect(caCert.verify(caCert.publicKey)).toBe(true);
    expect(caCert.checkPrivateKey(createPrivateKey(ca.keyPem))).toBe(true);
    expect(Date.parse(caCert.validTo) - Date.now()).toBeGreaterThan(9 * 365 * 86_400_000);
  });

  it('issues a server certificate the CA signed, for exactly the names asked', () => {
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.issuer).toBe(caCert.subject);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIP('::1')).toBeDefined();
    expect(cert.checkHost('example.com')).toBeUndefined();
    expect(cert.checkIP('10.0.0.1')).toBeUndefined();
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.checkPrivateKey(createPrivateKey(server.keyPem))).toBe(true);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
  });

  it("refuses to issue with a key that is not the CA certificate's", () => {
    const other = createCertificateAuthority({ commonName: 'other' });
    expect(() => issueServerCertificate({ certPem: ca.certPem, keyPem: other.keyPem }, { dnsNames: ['x'] })).toThrow(/does not belong/);
  });

  it("is accepted by Node's TLS client trusting only the CA, by name and by address", async () => {
    const httpsServer = https.createServer({ cert: server.certPem, key: server.keyPem }, (_req, res) => res.end('ok'));
    httpsServer.listen(0, '127.0.0.1');
    await once(httpsServer, 'listening');
    const { port } = httpsServer.address() as AddressInfo;
    const get = (host: string, options: https.RequestOptions = {}) =>
      new Promise<string>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', servername: host, port, ca: ca.certPem, headers: { host }, ...options }, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    try {
      await expect(get('localhost')).resolves.toBe('ok');
      await expect(get('127.0.0.1', { servername: undefined })).resolves.toBe('ok');
      await expect(get('example.com')).rejects.toThrow(/altnames/);
      const stranger = createCertificateAuthority({ commonName: 'stranger' });
      await expect(get('localhost', { ca: stranger.certPem })).rejects.toThrow(/issuer|self.signed|unable/i);
    } finally {
      httpsServer.close();
    }
  });
});
