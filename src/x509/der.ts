// A tiny ASN.1 DER writer and reader for X.509 certificates on node:crypto. An X.509 library costs
// ~70 ms of start-up; certificates built from these few encoders cost about a millisecond. Shared
// by the provider's mutual-TLS certificate and the service's local certificate authority.

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

export function toPem(label: string, bytes: Buffer): string {
  const b64 = bytes.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${b64}-----END ${label}-----\n`;
}

/** The DER bytes of every `label` block of a PEM text (a bundle may hold several). */
export function fromPem(label: string, pem: string): Buffer[] {
  const blocks = pem.match(new RegExp(`-----BEGIN ${label}-----[\\s\\S]*?-----END ${label}-----`, 'g')) ?? [];
  return blocks.map((block) => Buffer.from(block.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'));
}

/** One element read back: its tag and where its whole encoding and its content lie in `buf`. */
export interface DerElement {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

/** Reads the element at `offset` (definite lengths only, as DER requires). */
export function readElement(buf: Buffer, offset = 0): DerElement {
  if (offset + 2 > buf.length) throw new Error('DER: truncated element');
  const tag = buf[offset];
  let lengthByte = buf[offset + 1];
  let contentStart = offset + 2;
  let size = lengthByte;
  if (lengthByte & 0x80) {
    lengthByte &= 0x7f;
    if (lengthByte === 0 || lengthByte > 4) throw new Error('DER: unsupported length');
    size = 0;
    for (let i = 0; i < lengthByte; i++) size = size * 256 + buf[contentStart + i];
    contentStart += lengthByte;
  }
  const end = contentStart + size;
  if (end > buf.length) throw new Error('DER: element runs past the end');
  return { tag, start: offset, contentStart, end };
}

/** The direct children of a constructed element. */
export function children(buf: Buffer, parent: DerElement): DerElement[] {
  const out: DerElement[] = [];
  for (let at = parent.contentStart; at < parent.end;) {
    const element = readElement(buf, at);
    out.push(element);
    at = element.end;
  }
  return out;
}
