// The provider's schema as users see it (names, types, required/optional/computed/sensitive, nesting,
// replacement) must not change when its source moves: the snapshot was taken from the hand-written
// schemas before they were derived from the attribute tables. Descriptions are left out on purpose.
import { buildProvider } from './provider';
import type { Block } from './protocol/schema';

function shape(block: Block): unknown {
  const attributes = Object.fromEntries(
    Object.entries(block.attributes ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, a]) => [
        name,
        [JSON.stringify(a.type), a.required && 'required', a.optional && 'optional', a.computed && 'computed', a.sensitive && 'sensitive', a.requiresReplace && 'replace']
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
        expect(shape(schema as Block)).toMatchSnapshot();
      });
    }
  }
});
