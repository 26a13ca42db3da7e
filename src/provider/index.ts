// The provider as a library: `buildProvider()` (what the executable serves) and the schema in the
// shape of `terraform providers schema -json`, for `cdkws provider schema` and code generators.
import { buildProvider } from './provider';
import type { Block, Schema } from './protocol/schema';
import { PROVIDER_SOURCE } from './version';

export { buildProvider } from './provider';
export { PROVIDER_SOURCE, PROVIDER_VERSION, PROVIDER_TYPE, PROVIDER_NAMESPACE, PROVIDER_HOSTNAME } from './version';

function blockJson(block: Block): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attributes = Object.entries(block.attributes ?? {});
  if (attributes.length > 0) {
    out.attributes = Object.fromEntries(
      attributes.map(([name, a]) => [
        name,
        {
          type: a.type,
          ...(a.description ? { description: a.description } : {}),
          description_kind: block.markdown ? 'markdown' : 'plain',
          ...(a.required ? { required: true } : {}),
          ...(a.optional ? { optional: true } : {}),
          ...(a.computed ? { computed: true } : {}),
          ...(a.sensitive ? { sensitive: true } : {}),
          ...(a.deprecated ? { deprecated: true } : {}),
          ...(a.writeOnly ? { write_only: true } : {}),
        },
      ]),
    );
  }
  const blocks = Object.entries(block.blocks ?? {});
  if (blocks.length > 0) {
    out.block_types = Object.fromEntries(
      blocks.map(([name, b]) => [
        name,
        {
          nesting_mode: b.nesting,
          block: blockJson(b.block),
          ...(b.minItems ? { min_items: b.minItems } : {}),
          ...(b.maxItems ? { max_items: b.maxItems } : {}),
        },
      ]),
    );
  }
  if (block.description) out.description = block.description;
  out.description_kind = block.markdown ? 'markdown' : 'plain';
  if (block.deprecated) out.deprecated = true;
  return out;
}

const schemaJson = (s: Schema) => ({ version: s.version ?? 0, block: blockJson(s) });

/** The provider's schema as `terraform providers schema -json` prints it. */
export function providerSchemaJson(): Record<string, unknown> {
  const p = buildProvider();
  const map = (m: Record<string, { schema: Schema }> | undefined) => Object.fromEntries(Object.entries(m ?? {}).map(([n, r]) => [n, schemaJson(r.schema)]));
  const resources = map(p.resources);
  const dataSources = map(p.dataSources);
  return {
    format_version: '1.0',
    provider_schemas: {
      [PROVIDER_SOURCE]: {
        provider: schemaJson(p.schema),
        // Terraform leaves empty maps out.
        ...(Object.keys(resources).length > 0 ? { resource_schemas: resources } : {}),
        ...(Object.keys(dataSources).length > 0 ? { data_source_schemas: dataSources } : {}),
      },
    },
  };
}
