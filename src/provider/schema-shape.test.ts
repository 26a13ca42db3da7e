// The provider's schema as users see it (names, types, required/optional/computed/sensitive, nesting,
// replacement) must not change when its source moves: the snapshot was taken from the hand-written
// schemas before they were derived from the attribute tables. Descriptions are left out on purpose.
import { buildProvider } from './provider';
import type { Block, TfType } from './protocol/schema';

/** A type with object members in name order: Terraform's object types have no member order. */
function canonical(type: TfType): unknown {
  if (typeof type === 'string') return type;
  if (type[0] === 'object')
    return [
      'object',
      Object.fromEntries(
        Object.entries(type[1])
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, t]) => [k, canonical(t)]),
      ),
    ];
  if (type[0] === 'tuple') return ['tuple', type[1].map(canonical)];
  return [type[0], canonical(type[1])];
}

function shape(block: Block): unknown {
  const attributes = Object.fromEntries(
    Object.entries(block.attributes ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, a]) => [
        name,
        [
          JSON.stringify(canonical(a.type)),
          a.required && 'required',
          a.optional && 'optional',
          a.computed && 'computed',
          a.sensitive && 'sensitive',
          a.requiresReplace && 'replace',
        ]
          .filter(Boolean)
          .join(' '),
      ]),
  );
  const blocks = Object.fromEntries(
    Object.entries(block.blocks ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, b]) => [name, { nesting: b.nesting, min: b.minItems, max: b.maxItems, replace: b.requiresReplace, block: shape(b.block) }]),
  );
  return { attributes, blocks };
}

describe('the provider schema', () => {
  const provider = buildProvider();
  const kinds = { provider: { provider: provider.schema }, resources: provider.resources ?? {}, dataSources: provider.dataSources ?? {} };
  for (const [kind, members] of Object.entries(kinds)) {
    for (const [name, member] of Object.entries(members as Record<string, { schema: Block } | Block>)) {
      const schema = 'schema' in member ? member.schema : member;
      it(`keeps the shape of ${kind} ${name}`, () => {
        expect(shape(schema)).toMatchSnapshot();
      });
    }
  }
});
