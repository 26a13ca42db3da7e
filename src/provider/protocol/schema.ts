// The schema model resources are written against, and its translation into tfplugin6 schemas.
import * as pb from './messages';

/**
 * A Terraform type. Written exactly as Terraform's JSON type notation, so `JSON.stringify` of it is
 * what the protocol's attribute `type` carries: `"string"`, `["set","string"]`, `["object",{...}]`.
 */
export type TfType =
  | 'string'
  | 'number'
  | 'bool'
  | 'dynamic'
  | readonly ['list', TfType]
  | readonly ['set', TfType]
  | readonly ['map', TfType]
  | readonly ['object', { readonly [name: string]: TfType }]
  | readonly ['tuple', readonly TfType[]];

export interface Attribute {
  type: TfType;
  description?: string;
  /** Exactly one of required / optional / computed, or optional + computed. */
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  deprecated?: boolean;
  /** Local to this layer (never sent): a change of this attribute makes the default plan replace. */
  requiresReplace?: boolean;
  /**
   * Terraform 1.11+: the value is in the configuration only, never in a plan or state (the layer
   * nulls it in every value it returns). Pair it with a version attribute whose change plans an update.
   */
  writeOnly?: boolean;
}

export type NestingMode = 'single' | 'group' | 'list' | 'set' | 'map';

export interface NestedBlock {
  nesting: NestingMode;
  block: Block;
  minItems?: number;
  maxItems?: number;
  /** Local to this layer: any change inside the block makes the default plan replace. */
  requiresReplace?: boolean;
}

export interface Block {
  attributes?: Record<string, Attribute>;
  blocks?: Record<string, NestedBlock>;
  description?: string;
  /** Descriptions are Markdown rather than plain text. */
  markdown?: boolean;
  deprecated?: boolean;
}

/** A resource, data source or provider schema: its top-level block plus the state version. */
export interface Schema extends Block {
  /** State schema version; bump it with an `upgradeState` hook when the stored shape changes. */
  version?: number;
}

const NESTING: Record<NestingMode, pb.BlockNesting> = {
  single: pb.BlockNesting.SINGLE,
  group: pb.BlockNesting.GROUP,
  list: pb.BlockNesting.LIST,
  set: pb.BlockNesting.SET,
  map: pb.BlockNesting.MAP,
};

const encoder = new TextEncoder();
const NAME = /^[a-z_][a-z0-9_]*$/;

function blockToProtocol(block: Block, version?: number): pb.SchemaBlock {
  const kind = block.markdown ? pb.StringKind.MARKDOWN : pb.StringKind.PLAIN;
  return {
    version,
    description: block.description,
    descriptionKind: kind,
    deprecated: block.deprecated,
    attributes: Object.entries(block.attributes ?? {}).map(([name, a]) => ({
      name,
      type: encoder.encode(JSON.stringify(a.type)),
      description: a.description,
      descriptionKind: kind,
      required: a.required,
      optional: a.optional,
      computed: a.computed,
      sensitive: a.sensitive,
      deprecated: a.deprecated,
      writeOnly: a.writeOnly,
    })),
    blockTypes: Object.entries(block.blocks ?? {}).map(([typeName, b]) => ({
      typeName,
      nesting: NESTING[b.nesting],
      block: blockToProtocol(b.block),
      minItems: b.minItems,
      maxItems: b.maxItems,
    })),
  };
}

export function toProtocolSchema(schema: Schema): pb.Schema {
  const version = schema.version ?? 0;
  return { version, block: blockToProtocol(schema, version) };
}

/** The value type a block's config/state has: an object of its attributes and nested blocks. */
export function impliedType(block: Block): TfType {
  const fields: Record<string, TfType> = {};
  for (const [name, a] of Object.entries(block.attributes ?? {})) fields[name] = a.type;
  for (const [name, b] of Object.entries(block.blocks ?? {})) {
    const inner = impliedType(b.block);
    switch (b.nesting) {
      case 'single':
      case 'group':
        fields[name] = inner;
        break;
      default:
        fields[name] = [b.nesting, inner];
    }
  }
  return ['object', fields];
}

/** Throws on schema mistakes Terraform would only report obscurely, at provider start. */
export function checkSchema(schema: Block, where: string): void {
  for (const [name, a] of Object.entries(schema.attributes ?? {})) {
    const at = `${where}.${name}`;
    if (!NAME.test(name)) throw new Error(`schema ${at}: invalid attribute name`);
    if (a.required && (a.optional || a.computed)) throw new Error(`schema ${at}: required excludes optional/computed`);
    if (!a.required && !a.optional && !a.computed) throw new Error(`schema ${at}: set required, optional or computed`);
    // Terraform refuses computed write-only attributes; a replace on a value never stored could not be planned.
    if (a.writeOnly && (a.computed || a.requiresReplace)) throw new Error(`schema ${at}: write-only excludes computed and requiresReplace`);
  }
  for (const [name, b] of Object.entries(schema.blocks ?? {})) {
    const at = `${where}.${name}`;
    if (!NAME.test(name)) throw new Error(`schema ${at}: invalid block name`);
    if (schema.attributes && name in schema.attributes) throw new Error(`schema ${at}: both attribute and block`);
    if ((b.nesting === 'single' || b.nesting === 'group') && (b.maxItems ?? 0) > 1) {
      throw new Error(`schema ${at}: ${b.nesting} blocks hold at most one item`);
    }
    checkSchema(b.block, at);
  }
}
