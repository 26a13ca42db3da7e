import * as pb from './messages';
import * as rpc from './rpc-messages';
import { message, Reader, Writer } from './wire';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('varints', () => {
  it.each([0, 1, 127, 128, 150, 300, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, 2 ** 53 - 1])('round-trips %d', (n) => {
    const bytes = new Writer().uvarint(n).finish();
    expect(new Reader(bytes).varint()).toBe(n);
  });

  it.each([-1, -2, -(2 ** 31), -12345678901, -(2 ** 53) + 1])('round-trips negative %d as 10 bytes', (n) => {
    const bytes = new Writer().varint64(n).finish();
    expect(bytes.length).toBe(10);
    expect(new Reader(bytes).varint()).toBe(n);
  });

  it('writes the textbook encodings', () => {
    expect(hex(new Writer().uvarint(150).finish())).toBe('9601');
    expect(hex(new Writer().varint64(-1).finish())).toBe('ffffffffffffffffff01');
  });

  it('rejects truncated input', () => {
    expect(() => new Reader(Uint8Array.from([0x96])).varint()).toThrow(/truncated/);
  });
});

interface Inner {
  id: number;
  label: string;
}
const Inner = message<Inner>([
  { name: 'id', no: 1, type: 'int64' },
  { name: 'label', no: 2, type: 'string' },
]);
interface Outer {
  name: string;
  data: Uint8Array;
  flag: boolean;
  inner?: Inner;
  items: Inner[];
  byKey: Record<string, Inner>;
  labels: Record<string, string>;
  choice?: number;
  nums: number[];
}
const Outer = message<Outer>([
  { name: 'name', no: 1, type: 'string' },
  { name: 'data', no: 2, type: 'bytes' },
  { name: 'flag', no: 3, type: 'bool' },
  { name: 'inner', no: 4, type: () => Inner },
  { name: 'items', no: 5, type: () => Inner, repeated: true },
  { name: 'byKey', no: 6, type: () => Inner, map: true },
  { name: 'labels', no: 7, type: 'string', map: true },
  { name: 'choice', no: 8, type: 'int64', presence: true },
  { name: 'nums', no: 9, type: 'int64', repeated: true },
]);

describe('message codec', () => {
  it('round-trips nested, repeated and map fields', () => {
    const v: Outer = {
      name: 'héllo ✓',
      data: Uint8Array.from([0, 1, 255]),
      flag: true,
      inner: { id: -7, label: 'x' },
      items: [
        { id: 1, label: 'a' },
        { id: 0, label: '' },
      ],
      byKey: { k: { id: 2 ** 40, label: 'big' } },
      labels: { a: '1', b: '' },
      choice: 0,
      nums: [1, -1, 300],
    };
    expect(Outer.decode(Outer.encode(v))).toEqual(v);
  });

  it('omits proto3 defaults but writes explicit-presence zeros', () => {
    expect(Outer.encode({ name: '', flag: false, items: [] } as unknown as Outer).length).toBe(0);
    expect(hex(Outer.encode({ choice: 0 } as unknown as Outer))).toBe('4000');
  });

  it('fills defaults for absent fields', () => {
    expect(Outer.decode(new Uint8Array(0))).toEqual({
      name: '',
      data: new Uint8Array(0),
      flag: false,
      inner: undefined,
      items: [],
      byKey: {},
      labels: {},
      choice: undefined,
      nums: [],
    });
  });

  it('skips unknown fields of every wire type', () => {
    const w = new Writer();
    w.tag(1, 2).lengthDelimited(new TextEncoder().encode('keep'));
    w.tag(20, 0).uvarint(99); // varint
    w.tag(21, 1).raw(new Uint8Array(8)); // fixed64
    w.tag(22, 2).lengthDelimited(Uint8Array.from([1, 2, 3])); // bytes
    w.tag(23, 5).raw(new Uint8Array(4)); // fixed32
    w.tag(3, 0).uvarint(1);
    const v = Outer.decode(w.finish());
    expect(v.name).toBe('keep');
    expect(v.flag).toBe(true);
  });

  it('reads packed repeated scalars', () => {
    const w = new Writer();
    const packed = new Writer().uvarint(1).uvarint(2).uvarint(300).finish();
    w.tag(9, 2).lengthDelimited(packed);
    expect(Outer.decode(w.finish()).nums).toEqual([1, 2, 300]);
  });

  it('rejects a sub-message that overruns its length', () => {
    const bad = Uint8Array.from([0x22, 0x02, 0x0a, 0x05]); // inner claims a 5-byte string in 2 bytes
    expect(() => Outer.decode(bad)).toThrow();
  });
});

describe('tfplugin6 messages', () => {
  it('encodes a diagnostic with an attribute path whose int key is 0', () => {
    const d: pb.Diagnostic = {
      severity: pb.Severity.ERROR,
      summary: 's',
      detail: 'd',
      attribute: { steps: [{ attributeName: 'rule' }, { elementKeyInt: 0 }, { elementKeyString: '' }] },
    };
    const back = pb.Diagnostic.decode(pb.Diagnostic.encode(d));
    expect(back.attribute!.steps).toEqual([
      { attributeName: 'rule', elementKeyString: undefined, elementKeyInt: undefined },
      { attributeName: undefined, elementKeyString: undefined, elementKeyInt: 0 },
      { attributeName: undefined, elementKeyString: '', elementKeyInt: undefined },
    ]);
  });

  it('puts ValidateProviderConfig diagnostics in field 2', () => {
    const bytes = rpc.ValidateProviderConfigResponse.encode({ diagnostics: [{ severity: 1, summary: 'x', detail: '' }] });
    expect(bytes[0]).toBe((2 << 3) | 2);
  });

  it('round-trips a provider schema response with maps of schemas', () => {
    const schema: pb.Schema = {
      version: 3,
      block: {
        version: 3,
        attributes: [{ name: 'id', type: new TextEncoder().encode('"string"'), computed: true }],
        blockTypes: [
          {
            typeName: 'rule',
            nesting: pb.BlockNesting.LIST,
            minItems: 0,
            maxItems: 2,
            block: { attributes: [{ name: 'k', type: new TextEncoder().encode('"string"'), required: true }], blockTypes: [] },
          },
        ],
      },
    };
    const res = rpc.GetProviderSchemaResponse.encode({
      provider: schema,
      resourceSchemas: { cdkws_a: schema, cdkws_b: schema },
      dataSourceSchemas: {},
      functions: {},
      ephemeralResourceSchemas: {},
      diagnostics: [],
      serverCapabilities: { planDestroy: false },
    });
    const back = rpc.GetProviderSchemaResponse.decode(res);
    expect(Object.keys(back.resourceSchemas)).toEqual(['cdkws_a', 'cdkws_b']);
    const rule = back.resourceSchemas.cdkws_b.block.blockTypes[0];
    expect(rule.typeName).toBe('rule');
    expect(rule.nesting).toBe(pb.BlockNesting.LIST);
    expect(rule.maxItems).toBe(2);
    expect(new TextDecoder().decode(rule.block.attributes[0].type)).toBe('"string"');
    expect(back.provider!.version).toBe(3);
  });

  it('decodes a PlanResourceChange request carrying client capabilities and 6.9 identity', () => {
    const req = rpc.PlanResourceChangeRequest.encode({
      typeName: 'cdkws_fake',
      priorState: { msgpack: Uint8Array.from([0xc0]), json: new Uint8Array(0) },
      priorPrivate: new Uint8Array(0),
      clientCapabilities: { deferralAllowed: true, writeOnlyAttributesAllowed: true },
      priorIdentity: { identityData: { msgpack: Uint8Array.from([0x80]), json: new Uint8Array(0) } },
    });
    const back = rpc.PlanResourceChangeRequest.decode(req);
    expect(back.typeName).toBe('cdkws_fake');
    expect(back.clientCapabilities).toEqual({ deferralAllowed: true, writeOnlyAttributesAllowed: true });
    expect(Array.from(back.priorState!.msgpack)).toEqual([0xc0]);
    expect(back.proposedNewState).toBeUndefined();
  });
});
