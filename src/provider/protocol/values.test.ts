import { encode as mpEncode, ExtData } from '@msgpack/msgpack';
import { Block, impliedType, TfType } from './schema';
import { decodeJson, decodeMsgpack, encodeMsgpack, isWhollyKnown, normalizeBlock, Unknown, Value, ValueError, valuesEqual } from './values';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const block: Block = {
  attributes: {
    id: { type: 'string', computed: true },
    name: { type: 'string', required: true },
    count: { type: 'number', optional: true },
    on: { type: 'bool', optional: true },
    tags: { type: ['map', 'string'], optional: true },
    ids: { type: ['set', 'string'], optional: true },
  },
  blocks: {
    one: { nesting: 'single', block: { attributes: { a: { type: 'string', optional: true } } } },
    grp: { nesting: 'group', block: { attributes: { g: { type: 'number', optional: true } } } },
    rule: { nesting: 'list', block: { attributes: { k: { type: 'string', required: true } } } },
    label: {
      nesting: 'set',
      block: {
        attributes: { text: { type: 'string', required: true } },
        blocks: { inner: { nesting: 'list', block: { attributes: { x: { type: 'number', optional: true } } } } },
      },
    },
    byName: { nesting: 'map', block: { attributes: { v: { type: 'string', optional: true } } } },
  },
};
const type = impliedType(block);

describe('msgpack values', () => {
  it('writes unknown as Terraform does (fixext1 type 0)', () => {
    expect(hex(encodeMsgpack('string', Unknown))).toBe('d40000');
  });

  it('reads any extension type as unknown, including refined unknowns (type 12)', () => {
    const refined = mpEncode(new ExtData(12, Uint8Array.from([0x81, 0x01, 0xc3])));
    expect(decodeMsgpack('string', refined)).toBe(Unknown);
    expect(decodeMsgpack(['list', 'number'], mpEncode(new ExtData(0, new Uint8Array(0))))).toBe(Unknown);
    expect(decodeMsgpack(['list', 'number'], mpEncode([1, new ExtData(12, Uint8Array.from([0]))]))).toEqual([1, Unknown]);
  });

  it('round-trips a full object with nulls, unknowns, nested blocks and sets of objects', () => {
    const v: Value = {
      id: Unknown,
      name: 'n',
      count: 1.5,
      on: null,
      tags: { a: 'x', b: Unknown },
      ids: ['p', 'q'],
      one: null,
      grp: { g: 3 },
      rule: [{ k: 'a' }, { k: Unknown }],
      label: [
        { text: 't1', inner: [] },
        { text: 't2', inner: [{ x: 2 }, { x: null }] },
      ],
      byName: { first: { v: 'z' } },
    };
    const bytes = encodeMsgpack(type, v);
    expect(decodeMsgpack(type, bytes)).toEqual(v);
  });

  it('writes every attribute of an object, missing ones as nil', () => {
    const t: TfType = ['object', { a: 'string', b: 'number' }];
    expect(hex(encodeMsgpack(t, { a: 'x' }))).toBe(hex(mpEncode({ a: 'x', b: null })));
    expect(decodeMsgpack(t, mpEncode({ a: 'x' }))).toEqual({ a: 'x', b: null });
  });

  it('encodes null as nil and decodes empty bytes as null', () => {
    expect(hex(encodeMsgpack(type, null))).toBe('c0');
    expect(decodeMsgpack(type, new Uint8Array(0))).toBeNull();
  });

  it('accepts numbers sent as text (cty does this for big or precise numbers)', () => {
    expect(decodeMsgpack('number', mpEncode('12345678901234567890'))).toBe(Number('12345678901234567890'));
    expect(decodeMsgpack('number', mpEncode(2 ** 40))).toBe(2 ** 40);
  });

  it('encodes dynamic values as [type JSON, value]', () => {
    const bytes = encodeMsgpack('dynamic', { a: [1, 'x'] });
    expect(decodeMsgpack('dynamic', bytes)).toEqual({ a: [1, 'x'] });
    expect(decodeMsgpack('dynamic', mpEncode([new TextEncoder().encode('["list","string"]'), ['a']]))).toEqual(['a']);
  });

  it('rejects values that do not fit, saying where', () => {
    expect(() => encodeMsgpack(type, { name: { x: 1 } })).toThrow(ValueError);
    expect(() => encodeMsgpack(type, { name: { x: 1 } })).toThrow(/\.name: expected a string/);
    expect(() => encodeMsgpack(type, { nmae: 'typo' })).toThrow(/\.nmae: not an attribute/);
    expect(() => encodeMsgpack(['list', 'number'], [1, 'x'])).toThrow(/\[1\]: expected a finite number/);
  });

  it('converts primitives Terraform would convert', () => {
    expect(decodeMsgpack('string', mpEncode(5))).toBe('5');
    expect(decodeMsgpack('bool', mpEncode('true'))).toBe(true);
  });
});

describe('JSON values (stored state)', () => {
  it('reads scalars, lists and maps as msgpack does, and refuses the same values with the same message', () => {
    const type: TfType = ['object', { s: 'string', n: 'number', b: 'bool', l: ['list', 'number'], m: ['map', 'bool'] }];
    const value = { s: 5, n: '12.5', b: 'false', l: ['1', 2], m: { a: 'true' } };
    const expected = { s: '5', n: 12.5, b: false, l: [1, 2], m: { a: true } };
    expect(decodeJson(type, JSON.stringify(value))).toEqual(expected);
    expect(decodeMsgpack(type, mpEncode(value))).toEqual(expected);
    const messageOf = (decode: () => unknown): string => {
      try {
        decode();
        return 'no error';
      } catch (error) {
        return error instanceof ValueError ? error.message : `not a ValueError: ${String(error)}`;
      }
    };
    for (const bad of [{ n: ' ' }, { n: 'x' }, { b: 'yes' }, { l: [true] }, { l: 'x' }, { m: [] }, { s: {} }]) {
      const fromJson = messageOf(() => decodeJson(type, JSON.stringify(bad)));
      expect(fromJson).toMatch(/^\.[nblms](\[0\])?: expected /);
      expect(messageOf(() => decodeMsgpack(type, mpEncode(bad)))).toBe(fromJson);
    }
  });

  it('decodes state JSON by the schema, dropping attributes it no longer has', () => {
    const json = JSON.stringify({ id: 'i', name: 'n', gone: 1, rule: [{ k: 'a' }], one: null });
    const v = decodeJson(type, json) as Record<string, Value>;
    expect(v.id).toBe('i');
    expect(v.rule).toEqual([{ k: 'a' }]);
    expect('gone' in v).toBe(false);
    expect(v.tags).toBeNull();
  });

  it('decodes dynamic values in JSON form', () => {
    expect(decodeJson('dynamic', '{"value":["a"],"type":["list","string"]}')).toEqual(['a']);
  });
});

describe('helpers', () => {
  it('normalizes a block: attributes null, list/set blocks empty, group present', () => {
    expect(normalizeBlock(block, { name: 'n' })).toEqual({
      id: null,
      name: 'n',
      count: null,
      on: null,
      tags: null,
      ids: null,
      one: null,
      grp: { g: null },
      rule: [],
      label: [],
      byName: {},
    });
  });

  it('finds unknowns deep inside and compares values', () => {
    expect(isWhollyKnown({ a: [{ b: 1 }] })).toBe(true);
    expect(isWhollyKnown({ a: [{ b: Unknown }] })).toBe(false);
    expect(valuesEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(valuesEqual({ a: Unknown }, { a: Unknown })).toBe(true);
    expect(valuesEqual({ a: 1 }, { a: '1' })).toBe(false);
  });
});
