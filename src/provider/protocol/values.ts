// Terraform values on the wire (DynamicValue): msgpack driven by the schema's type, plus the JSON
// form stored in state (UpgradeResourceState's raw_state). Values are plain JS: objects, arrays
// (lists, sets, tuples), records (maps), strings, numbers, booleans, null, and `Unknown`.
import type * as msgpackTypes from '@msgpack/msgpack';
import type * as pb from './messages';
import type { Block, TfType } from './schema';

/** A value not known until apply. Compare with `===`. */
export const Unknown: unique symbol = Symbol('cdkws.Unknown');
export type UnknownValue = typeof Unknown;

export type Value = null | UnknownValue | string | number | boolean | Value[] | { [key: string]: Value };
export type ObjectValue = { [key: string]: Value };

/** Thrown when a value does not fit its type; `path` says where (e.g. `.tags["a"]`). */
export class ValueError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path || 'value'}: ${message}`);
  }
}

// Loaded on the first value encoded or decoded: the first provider start of each Terraform command
// only answers the schema and never needs it.
let msgpackModule: typeof msgpackTypes | undefined;
let unknownExt: msgpackTypes.ExtData | undefined;
function msgpack(): typeof msgpackTypes {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  msgpackModule ??= require('@msgpack/msgpack') as typeof msgpackTypes;
  return msgpackModule;
}
// Before msgpack is loaded no extension value can exist.
const isExt = (v: unknown): boolean => msgpackModule !== undefined && v instanceof msgpackModule.ExtData;
// Terraform writes unknown as fixext1 type 0 with a zero byte (d4 00 00): we write the same.
const UNKNOWN_EXT = () => (unknownExt ??= new (msgpack().ExtData)(0, new Uint8Array([0])));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function kindOf(t: TfType): string {
  return typeof t === 'string' ? t : t[0];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !isExt(v);
}

/** The type of a JS value, for `dynamic` attributes (Terraform needs the concrete type on the wire). */
export function inferType(v: Value): TfType {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return ['tuple', v.map(inferType)];
  if (v !== null && typeof v === 'object') {
    const fields: Record<string, TfType> = {};
    for (const [k, x] of Object.entries(v)) fields[k] = inferType(x);
    return ['object', fields];
  }
  return 'dynamic';
}

// ---- shared by both directions ----

/**
 * A string, number or bool from a JS value or a decoded msgpack/JSON one: Terraform and cty send
 * strings as bytes at times and big numbers as text, and configurations write `"true"` or `"5"`.
 */
function scalar(kind: string, v: unknown, path: string): string | number | boolean {
  switch (kind) {
    case 'string':
      if (typeof v === 'string') return v;
      if (v instanceof Uint8Array) return decoder.decode(v);
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      throw new ValueError(path, 'expected a string');
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (Number.isFinite(n)) return n;
      throw new ValueError(path, 'expected a finite number');
    }
    default:
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new ValueError(path, 'expected a boolean');
  }
}

/** The elements of a list, set or tuple, each converted at its own path. */
function elements<T>(t: TfType, v: unknown, path: string, convert: (t: TfType, x: Value, path: string) => T): T[] {
  if (kindOf(t) === 'tuple') {
    const types = (t as readonly ['tuple', readonly TfType[]])[1];
    if (!Array.isArray(v) || v.length !== types.length) throw new ValueError(path, `expected a tuple of ${types.length}`);
    return v.map((x: Value, i) => convert(types[i], x, `${path}[${i}]`));
  }
  if (!Array.isArray(v)) throw new ValueError(path, `expected an array for a ${kindOf(t)}`);
  const type = (t as readonly [string, TfType])[1];
  return v.map((x: Value, i) => convert(type, x, `${path}[${i}]`));
}

/** The entries of a map, each converted at its own path. */
function entries<T>(t: TfType, v: unknown, path: string, convert: (t: TfType, x: Value, path: string) => T): Record<string, T> {
  if (!isPlainObject(v)) throw new ValueError(path, 'expected an object for a map');
  const type = (t as readonly ['map', TfType])[1];
  const out: Record<string, T> = {};
  for (const [k, x] of Object.entries(v)) out[k] = convert(type, x as Value, `${path}[${JSON.stringify(k)}]`);
  return out;
}

/** Strings, numbers, bools, lists, sets, tuples and maps: converted alike in both directions. */
function alike<T>(t: TfType, v: unknown, path: string, convert: (t: TfType, x: Value, path: string) => T): string | number | boolean | T[] | Record<string, T> {
  switch (kindOf(t)) {
    case 'string':
    case 'number':
    case 'bool':
      return scalar(kindOf(t), v, path);
    case 'list':
    case 'set':
    case 'tuple':
      return elements(t, v, path, convert);
    case 'map':
      return entries(t, v, path, convert);
    default:
      throw new ValueError(path, `unsupported type ${JSON.stringify(t)}`);
  }
}

// ---- JS value -> msgpack-ready structure ----

function toWire(t: TfType, v: Value | undefined, path: string): unknown {
  if (v === undefined || v === null) return null;
  if (v === Unknown) return UNKNOWN_EXT();
  switch (kindOf(t)) {
    case 'object': {
      if (!isPlainObject(v)) throw new ValueError(path, 'expected an object');
      const fields = (t as readonly ['object', Record<string, TfType>])[1];
      for (const k of Object.keys(v)) {
        // A stray key is almost always a typo in resource code: say so rather than drop it.
        if (!(k in fields) && v[k] !== undefined) throw new ValueError(`${path}.${k}`, 'not an attribute of this type');
      }
      const out: Record<string, unknown> = {};
      for (const [k, ft] of Object.entries(fields)) out[k] = toWire(ft, v[k], `${path}.${k}`);
      return out;
    }
    case 'dynamic': {
      const actual = inferType(v);
      return [encoder.encode(JSON.stringify(actual)), toWire(actual, v, path)];
    }
    default:
      return alike(t, v, path, toWire);
  }
}

// ---- decoded msgpack / JSON -> JS value ----

function fromWire(t: TfType, v: unknown, path: string, json: boolean): Value {
  if (isExt(v)) return Unknown; // any extension is unknown (type 12 = refined unknown)
  if (v === null || v === undefined) return null;
  switch (kindOf(t)) {
    case 'object': {
      if (!isPlainObject(v)) throw new ValueError(path, 'expected an object');
      const fields = (t as readonly ['object', Record<string, TfType>])[1];
      const out: ObjectValue = {};
      // Every attribute of the type is present in the result (missing ones as null); extra keys in
      // old state are dropped, which is what an upgrade to the current schema wants.
      for (const [k, ft] of Object.entries(fields)) out[k] = fromWire(ft, v[k], `${path}.${k}`, json);
      return out;
    }
    case 'dynamic': {
      // msgpack: [type JSON bytes, value]; JSON state: {"value": ..., "type": ...}.
      if (json) {
        if (!isPlainObject(v) || !('type' in v)) throw new ValueError(path, 'expected {"value","type"} for dynamic');
        return fromWire(v.type as TfType, v.value, path, json);
      }
      if (!Array.isArray(v) || v.length !== 2) throw new ValueError(path, 'expected [type, value] for dynamic');
      const typeText = typeof v[0] === 'string' ? v[0] : decoder.decode(v[0] as Uint8Array);
      return fromWire(JSON.parse(typeText) as TfType, v[1], path, json);
    }
    default:
      return alike(t, v, path, (et, x, p) => fromWire(et, x, p, json));
  }
}

export function encodeMsgpack(t: TfType, v: Value | undefined): Uint8Array {
  const wire = toWire(t, v, '');
  return msgpack().encode(wire);
}

export function decodeMsgpack(t: TfType, bytes: Uint8Array): Value {
  if (bytes.length === 0) return null;
  return fromWire(t, msgpack().decode(bytes), '', false);
}

/** Decodes Terraform's JSON form of a value (state files, raw_state, DynamicValue.json). */
export function decodeJson(t: TfType, text: string | Uint8Array): Value {
  const s = typeof text === 'string' ? text : decoder.decode(text);
  if (s.trim() === '') return null;
  return fromWire(t, JSON.parse(s), '', true);
}

export function fromDynamicValue(t: TfType, dv: pb.DynamicValue | undefined): Value {
  if (!dv) return null;
  if (dv.msgpack.length > 0) return decodeMsgpack(t, dv.msgpack);
  if (dv.json.length > 0) return decodeJson(t, dv.json);
  return null;
}

export function toDynamicValue(t: TfType, v: Value | undefined): pb.DynamicValue {
  return { msgpack: encodeMsgpack(t, v), json: new Uint8Array(0) };
}

// ---- Block-aware helpers ----

/**
 * Fills a block value the way Terraform expects it: every attribute present, list/set blocks as
 * (possibly empty) arrays, map blocks as objects, group blocks as objects. Hooks may thus omit
 * absent things. Unknown and null stay as they are at the top level.
 */
export function normalizeBlock(block: Block, v: Value | undefined): Value {
  if (v === undefined || v === null) return null;
  if (v === Unknown || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: ObjectValue = { ...v };
  for (const name of Object.keys(block.attributes ?? {})) if (out[name] === undefined) out[name] = null;
  for (const [name, nb] of Object.entries(block.blocks ?? {})) {
    const x = out[name];
    if (x === Unknown) continue;
    switch (nb.nesting) {
      case 'single':
        out[name] = normalizeBlock(nb.block, x);
        break;
      case 'group':
        out[name] = normalizeBlock(nb.block, x ?? {});
        break;
      case 'list':
      case 'set':
        out[name] = Array.isArray(x) ? x.map((e) => normalizeBlock(nb.block, e)) : [];
        break;
      case 'map': {
        const m: ObjectValue = {};
        if (x && typeof x === 'object' && !Array.isArray(x)) {
          for (const [k, e] of Object.entries(x)) m[k] = normalizeBlock(nb.block, e);
        }
        out[name] = m;
      }
    }
  }
  return out;
}

/** True when `v` holds no unknown anywhere. */
export function isWhollyKnown(v: Value | undefined): boolean {
  if (v === Unknown) return false;
  if (Array.isArray(v)) return v.every(isWhollyKnown);
  if (v !== null && typeof v === 'object') return Object.values(v).every(isWhollyKnown);
  return true;
}

/** Deep equality of values; sets compare as arrays, so callers should keep set order stable. */
export function valuesEqual(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
  const ao = a as ObjectValue;
  const bo = b as ObjectValue;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!valuesEqual(ao[k], bo[k])) return false;
  return true;
}
