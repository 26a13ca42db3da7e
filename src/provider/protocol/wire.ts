// Protobuf wire format (proto3) without any runtime .proto parsing: a byte writer and reader, and a
// small descriptor-driven codec. Message descriptors are plain TypeScript objects written by hand in
// messages.ts, so start-up costs nothing beyond evaluating a few object literals.

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

const TWO_32 = 4294967296;
const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: false });

export class Writer {
  private buf: Uint8Array = new Uint8Array(64);
  private pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Unsigned varint for values in [0, 2^53). */
  uvarint(value: number): this {
    this.ensure(10);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 128) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
    return this;
  }

  /** Signed 64-bit varint (two's complement: negatives take 10 bytes, as protobuf requires). */
  varint64(value: number): this {
    if (value >= 0) return this.uvarint(value);
    let lo = value % TWO_32;
    let hi = Math.floor(value / TWO_32);
    lo = lo < 0 ? lo + TWO_32 : lo;
    hi = (hi + TWO_32) >>> 0;
    this.ensure(10);
    for (let i = 0; i < 9; i++) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = (lo >>> 7) | ((hi & 0x7f) << 25);
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo & 0x01;
    return this;
  }

  tag(field: number, wireType: number): this {
    return this.uvarint(field * 8 + wireType);
  }

  raw(bytes: Uint8Array): this {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
    return this;
  }

  lengthDelimited(bytes: Uint8Array): this {
    return this.uvarint(bytes.length).raw(bytes);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

export class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  /** Varint as a JS number; 64-bit negatives (two's complement) come back negative. */
  varint(): number {
    let lo = 0;
    let hi = 0;
    let shift = 0;
    let b: number;
    // Low 28 bits, then the next bits straddle into the high word.
    do {
      if (this.pos >= this.end) throw new Error('protobuf: truncated varint');
      b = this.buf[this.pos++];
      if (shift < 28) lo |= (b & 0x7f) << shift;
      else if (shift === 28) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >>> 4;
      } else hi |= (b & 0x7f) << (shift - 32);
      shift += 7;
      if (shift > 70) throw new Error('protobuf: varint too long');
    } while (b & 0x80);
    lo >>>= 0;
    if (hi & 0x80000000) return (hi | 0) * TWO_32 + lo; // two's complement: high word is signed
    return (hi >>> 0) * TWO_32 + lo;
  }

  bytes(): Uint8Array {
    const len = this.varint();
    if (len < 0 || this.pos + len > this.end) throw new Error('protobuf: truncated bytes');
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  skip(wireType: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_I64:
        this.pos += 8;
        break;
      case WIRE_LEN:
        this.bytes();
        return;
      case WIRE_I32:
        this.pos += 4;
        break;
      default:
        throw new Error(`protobuf: unsupported wire type ${wireType}`);
    }
    if (this.pos > this.end) throw new Error('protobuf: truncated field');
  }
}

export function utf8(bytes: Uint8Array): string {
  return textDecoder.decode(bytes);
}

// ---- Descriptor-driven message codec ----

export type ScalarKind = 'string' | 'bytes' | 'bool' | 'int64' | 'int32' | 'uint32' | 'enum';

/** A field's value type: a scalar, or a message descriptor (a thunk, so messages can recurse). */
export type FieldType = ScalarKind | (() => MessageCodec<any>);

export interface FieldSpec {
  /** Property name in the JS object (camelCase of the proto field). */
  name: string;
  no: number;
  type: FieldType;
  repeated?: boolean;
  /** map<string, type>: repeated entry messages { 1: key, 2: value }. */
  map?: boolean;
  /** Explicit presence (oneof members, `optional`): written when defined, even if zero. */
  presence?: boolean;
}

export interface MessageCodec<T> {
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array): T;
  /** Internal: write the fields of `value` into `w`. */
  write(w: Writer, value: T): void;
  /** Internal: read a message from r between r.pos and end. */
  read(r: Reader, end: number): T;
}

function isVarintKind(t: FieldType): boolean {
  return t === 'bool' || t === 'int64' || t === 'int32' || t === 'uint32' || t === 'enum';
}

function isDefault(t: FieldType, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof t === 'function') return false;
  if (t === 'string') return v === '';
  if (t === 'bytes') return (v as Uint8Array).length === 0;
  if (t === 'bool') return v === false;
  return v === 0;
}

function writeValue(w: Writer, no: number, t: FieldType, v: any): void {
  if (typeof t === 'function') {
    const sub = new Writer();
    t().write(sub, v);
    w.tag(no, WIRE_LEN).lengthDelimited(sub.finish());
    return;
  }
  switch (t) {
    case 'string':
      w.tag(no, WIRE_LEN).lengthDelimited(textEncoder.encode(v as string));
      return;
    case 'bytes':
      w.tag(no, WIRE_LEN).lengthDelimited(v as Uint8Array);
      return;
    case 'bool':
      w.tag(no, WIRE_VARINT).uvarint(v ? 1 : 0);
      return;
    default:
      // int32 negatives are sign-extended to 64 bits on the wire, like int64.
      w.tag(no, WIRE_VARINT).varint64(Number(v));
  }
}

function readScalar(r: Reader, t: ScalarKind): unknown {
  switch (t) {
    case 'string':
      return utf8(r.bytes());
    case 'bytes':
      return new Uint8Array(r.bytes()); // a copy, detached from the request buffer
    case 'bool':
      return r.varint() !== 0;
    case 'uint32':
      return r.varint() >>> 0;
    case 'int32':
    case 'enum':
      return r.varint() | 0;
    default:
      return r.varint();
  }
}

function defaultOf(f: FieldSpec): unknown {
  if (f.map) return {};
  if (f.repeated) return [];
  if (f.presence || typeof f.type === 'function') return undefined;
  switch (f.type) {
    case 'string':
      return '';
    case 'bytes':
      return new Uint8Array(0);
    case 'bool':
      return false;
    default:
      return 0;
  }
}

function readOne(r: Reader, t: FieldType, wireType: number): unknown {
  if (typeof t === 'function') {
    const len = r.varint();
    const end = r.pos + len;
    if (end > r.end) throw new Error('protobuf: truncated message');
    return t().read(r, end);
  }
  if (wireType === WIRE_LEN && t !== 'string' && t !== 'bytes') throw new Error('protobuf: packed field where scalar expected');
  return readScalar(r, t);
}

/** Builds the encode/decode functions of one message from its field list. */
export function message<T>(fields: FieldSpec[]): MessageCodec<T> {
  const byNo = new Map<number, FieldSpec>();
  for (const f of fields) byNo.set(f.no, f);
  const mapEntry = new Map<FieldSpec, MessageCodec<{ key: string; value: unknown }>>();
  for (const f of fields) {
    if (f.map) {
      mapEntry.set(
        f,
        message([
          { name: 'key', no: 1, type: 'string' },
          { name: 'value', no: 2, type: f.type },
        ]),
      );
    }
  }

  const codec: MessageCodec<T> = {
    write(w, value) {
      const obj = value as Record<string, any>;
      for (const f of fields) {
        const v = obj[f.name];
        if (v === undefined || v === null) continue;
        if (f.map) {
          const entry = mapEntry.get(f)!;
          for (const key of Object.keys(v)) {
            const sub = new Writer();
            entry.write(sub, { key, value: v[key] });
            w.tag(f.no, WIRE_LEN).lengthDelimited(sub.finish());
          }
        } else if (f.repeated) {
          for (const item of v as unknown[]) writeValue(w, f.no, f.type, item);
        } else if (f.presence || !isDefault(f.type, v)) {
          writeValue(w, f.no, f.type, v);
        }
      }
    },
    read(r, end) {
      const obj: Record<string, any> = {};
      for (const f of fields) obj[f.name] = defaultOf(f);
      while (r.pos < end) {
        const tag = r.varint();
        const no = Math.floor(tag / 8);
        const wireType = tag & 7;
        const f = byNo.get(no);
        if (!f) {
          r.skip(wireType); // unknown fields (newer protocol versions) are skipped
          continue;
        }
        if (f.map) {
          const len = r.varint();
          const entry = mapEntry.get(f)!.read(r, r.pos + len);
          obj[f.name][entry.key] = entry.value ?? defaultOf({ ...f, map: false, repeated: false });
        } else if (f.repeated) {
          if (wireType === WIRE_LEN && isVarintKind(f.type)) {
            // Packed repeated scalars.
            const len = r.varint();
            const stop = r.pos + len;
            while (r.pos < stop) obj[f.name].push(readScalar(r, f.type as ScalarKind));
          } else obj[f.name].push(readOne(r, f.type, wireType));
        } else {
          obj[f.name] = readOne(r, f.type, wireType);
        }
      }
      if (r.pos !== end) throw new Error('protobuf: message overran its length');
      return obj as T;
    },
    encode(value) {
      const w = new Writer();
      codec.write(w, value);
      return w.finish();
    },
    decode(bytes) {
      const r = new Reader(bytes);
      return codec.read(r, bytes.length);
    },
  };
  return codec;
}
