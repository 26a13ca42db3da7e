// Provider schemas from a spec attribute table: every row with an HCL (`snake`) name becomes an
// attribute (or, for objects, a nested block) with its type, flags and description derived from the
// row. Plain data and functions over the tables only: loaded at every provider start, before the
// handshake, so nothing here may import zod or the client.
import type { AttributeKind, AttributeRow, AttributeTable } from '../contract/attribute-table';
import type { Attribute, Block, NestedBlock, TfType } from './protocol/schema';
import type { ModelNames } from './resource';

const SCALAR_TYPES: Record<Exclude<AttributeKind, 'object'>, TfType> = {
  string: 'string',
  timestamp: 'string',
  enum: 'string',
  boolean: 'bool',
  number: 'number',
  strings: ['list', 'string'],
};

/** A row the provider exposes, with its camelCase path (table keys) and HCL name. */
export interface HclRow {
  readonly path: readonly string[];
  readonly snake: string;
  readonly row: AttributeRow;
}

/** The rows of a table that have an HCL name, in table order. */
export function hclRows(table: AttributeTable, at: readonly string[] = []): HclRow[] {
  const out: HclRow[] = [];
  for (const [name, row] of Object.entries(table)) if (row.snake !== undefined) out.push({ path: [...at, name], snake: row.snake, row });
  return out;
}

/** The model names of a table's HCL rows: each row's key, its members' keys for an object. */
export function tableModelNames(table: AttributeTable): ModelNames {
  return Object.fromEntries(
    hclRows(table).map(({ path, snake, row }) => [
      snake,
      { name: path[path.length - 1], ...(row.attributes ? { members: tableModelNames(row.attributes) } : {}) },
    ]),
  );
}

/** Terraform's type for a row; objects are objects of their HCL members (less the paths in `omit`). */
export function tfTypeOf(row: AttributeRow, omit: ReadonlySet<string> = new Set(), at: readonly string[] = []): TfType {
  if (row.kind !== 'object') return SCALAR_TYPES[row.kind];
  const members: Record<string, TfType> = {};
  for (const member of hclRows(row.attributes ?? {}, at)) if (!omit.has(member.path.join('.'))) members[member.snake] = tfTypeOf(member.row, omit, member.path);
  return ['object', members];
}

/** HCL names by table name, of a table and its objects' members (descriptions name attributes in camelCase). */
function hclNames(table: AttributeTable, out = new Map<string, string>()): Map<string, string> {
  for (const [name, row] of Object.entries(table)) {
    if (row.snake !== undefined) out.set(name, row.snake);
    if (row.attributes) hclNames(row.attributes, out);
  }
  return out;
}

/**
 * The row's description in HCL naming plus its default: the spec's value, or in words where the
 * service decides. `table` is the one whose names the description may use.
 */
export function describeRow(row: AttributeRow, table: AttributeTable = {}): string {
  const names = hclNames(table);
  const text = row.description.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => names.get(word) ?? word);
  if (row.defaultText !== undefined) return `${text} Default: ${row.defaultText}.`;
  if (row.default === undefined || row.default === null) return text;
  return `${text} Default ${JSON.stringify(row.default)}.`;
}

/**
 * The service, not the configuration, decides the value while the attribute is unset: the default
 * depends on something else (defaultText), or a nullable value without a default is filled in by
 * the service (e.g. the agent pool follows the execution mode).
 */
export function serviceDecides(row: AttributeRow): boolean {
  return row.defaultText !== undefined || (row.nullable === true && row.default === undefined);
}

/**
 * A plan-time default: the spec's value for rows the configuration can change in place, so an unset
 * attribute both matches a new resource and reverts a removed setting. Not for rows whose default the
 * service decides, nor for create-only rows (unsetting those changes nothing remotely).
 */
export function planDefaultOf(row: AttributeRow): { value: unknown } | undefined {
  if (row.update !== true || serviceDecides(row) || row.default === undefined || row.default === null) return undefined;
  return { value: Array.isArray(row.default) ? [...(row.default as readonly string[])] : row.default };
}

/**
 * A resource attribute's flags from its row:
 * - required rows: required;
 * - answered only: computed;
 * - create only: optional + computed (kept as the service has it) and a change replaces;
 * - a non-null default or a value the service decides: optional + computed;
 * - otherwise (null default, or echoed as given): optional.
 */
export function resourceFlags(row: AttributeRow): Pick<Attribute, 'required' | 'optional' | 'computed' | 'requiresReplace'> {
  // Rows that say they must be given (a `required` member of the row, where the table has one).
  if ('required' in row && row.required === true) return { required: true };
  if (row.create !== true && row.update !== true) return { computed: true };
  if (row.update !== true) return { optional: true, computed: true, requiresReplace: true };
  if (serviceDecides(row) || (row.default !== undefined && row.default !== null)) return { optional: true, computed: true };
  return { optional: true };
}

/** Departures from what a row alone gives, keyed by camelCase path (`vcsRepo.identifier`). */
export type Overrides = Readonly<Record<string, Partial<Attribute>>>;

/** A resource block from a table: scalar rows as attributes, object rows as single nested blocks. */
export function resourceBlock(
  table: AttributeTable,
  overrides: Overrides = {},
  at: readonly string[] = [],
  root: AttributeTable = table,
): Required<Pick<Block, 'attributes' | 'blocks'>> {
  const attributes: Record<string, Attribute> = {};
  const blocks: Record<string, NestedBlock> = {};
  for (const { path, snake, row } of hclRows(table, at)) {
    if (row.kind === 'object') {
      const inner = resourceBlock(row.attributes ?? {}, overrides, path, root);
      blocks[snake] = { nesting: 'single', block: { description: describeRow(row, root), ...inner } };
      continue;
    }
    const { requiresReplace, ...flags } = resourceFlags(row);
    attributes[snake] = {
      type: tfTypeOf(row),
      description: describeRow(row, root),
      ...flags,
      ...(requiresReplace ? { requiresReplace } : {}),
      ...overrides[path.join('.')],
    };
  }
  return { attributes, blocks };
}

/** Data source attributes from a table: every row computed (objects as object attributes), less `omit` (camelCase paths). */
export function computedAttributes(table: AttributeTable, omit: ReadonlySet<string> = new Set()): Record<string, Attribute> {
  const attributes: Record<string, Attribute> = {};
  for (const { path, snake, row } of hclRows(table)) {
    if (!omit.has(path.join('.'))) attributes[snake] = { type: tfTypeOf(row, omit, path), computed: true, description: describeRow(row, table) };
  }
  return attributes;
}
