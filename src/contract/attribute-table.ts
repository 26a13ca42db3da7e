// Attribute tables: one row per attribute of a resource, from which every layer takes its names,
// types, defaults and what may be set when (architecture "One table per resource"). Plain data and
// plain functions, no zod: the provider loads the tables at start-up, before the handshake.
import { compileLiteral, type LiteralMember } from './compile';

export type AttributeKind = 'string' | 'timestamp' | 'boolean' | 'number' | 'strings' | 'enum' | 'object';

/**
 * How a layer spells attribute names: the service's wire names (the document's, or the hosted
 * service's where a row has one), constructs/client, HCL.
 */
export type Naming = 'wire' | 'hosted' | 'camel' | 'snake';

/**
 * Which wire names a service speaks where the service document and the hosted service differ
 * (rows with a `hosted` name): `both` accepts and answers either spelling, `hosted` only the
 * hosted service's (the document's neutral name is then an unknown member, ignored).
 */
export const WIRE_DIALECTS = ['both', 'hosted'] as const;
export type WireDialect = (typeof WIRE_DIALECTS)[number];

export interface AttributeRow {
  /** The service's name (kebab-case, JSON:API attributes), as the service document writes it. */
  readonly wire: string;
  /**
   * The hosted service's name, where the service document wrote a brand name neutrally
   * (`terraform-version` for `engine-version`): what real clients send and read.
   */
  readonly hosted?: string;
  /** The provider's HCL name; absent when the provider does not expose the attribute. */
  readonly snake?: string;
  readonly kind: AttributeKind;
  /** The allowed values of an `enum`. */
  readonly values?: readonly string[];
  /** The members of an `object`, keyed by camelCase name. */
  readonly attributes?: AttributeTable;
  /** The value a new resource gets when the request leaves the attribute out (the spec's default). */
  readonly default?: boolean | string | number | readonly string[] | null;
  /** The default in words, where it depends on something else (e.g. the organization's default). */
  readonly defaultText?: string;
  /** null is a value (sent to clear the attribute; answered when unset). */
  readonly nullable?: boolean;
  /** Answers may carry null although requests may not send it. */
  readonly answeredNull?: boolean;
  /** Settable on create. */
  readonly create?: boolean;
  /** Must be given on create (a member of an object: whenever the object is given). */
  readonly required?: boolean;
  /** Settable on update. */
  readonly update?: boolean;
  /**
   * Where the value is read from when it is not an attribute of the answer: the relationship whose
   * `data.id` holds it (e.g. `agent-pool` for `agent-pool-id`).
   */
  readonly readRelationship?: string;
  /** Written as this relationship (`data.relationships.<name>`) instead of an attribute. */
  readonly writeRelationship?: { readonly name: string; readonly type: string };
  /** Superseded by another attribute; still accepted. */
  readonly deprecated?: string;
  /** How a plan treats the attribute beyond what the other columns say (see AttributePlan). */
  readonly plan?: AttributePlan;
  /** One line for docs, TSDoc and the provider schema. */
  readonly description: string;
}

/**
 * What a plan says about an attribute that the service settles from other attributes. A plan
 * otherwise keeps an unset attribute's prior value on update, and fills a settable row's `default`.
 */
export interface AttributePlan {
  /**
   * The service derives the value from these attributes (camelCase names of the resource's top
   * level): an update that changes one of them, or leaves one not known until apply, plans the
   * value as unknown while the configuration leaves it unset.
   */
  readonly derivedFrom?: readonly string[];
  /**
   * Of `derivedFrom`, the attributes that count only when they change to a known value: while one
   * of them is not known until apply, the plan keeps the prior value.
   */
  readonly knownChangesOnly?: readonly string[];
}

/** Rows keyed by camelCase name: the name constructs and the client use. */
export type AttributeTable = Readonly<Record<string, AttributeRow>>;

/** Spread into a row that a caller may set both when creating and when updating. */
export const CREATE_AND_UPDATE = { create: true, update: true } as const;

// ---- Types derived from a table --------------------------------------------------------------

type ScalarOf<R> = R extends { kind: 'string' | 'timestamp' }
  ? string
  : R extends { kind: 'boolean' }
    ? boolean
    : R extends { kind: 'number' }
      ? number
      : R extends { kind: 'strings' }
        ? string[]
        : R extends { kind: 'enum'; values: readonly (infer V)[] }
          ? V
          : never;

type ValueOf<R, Mode extends 'create' | 'update' | 'read'> = R extends { kind: 'object'; attributes: infer T }
  ? Mode extends 'read'
    ? ReadValues<T>
    : Mode extends 'create'
      ? CreateValues<T>
      : UpdateValues<T>
  : ScalarOf<R>;

type Nullable<R, V> = R extends { nullable: true } ? V | null : V;
/** In answers, null also where the service answers it although requests may not send it. */
type AnsweredNullable<R, V> = R extends { nullable: true } | { answeredNull: true } ? V | null : V;

/** The values a create may give, keyed by camelCase name (all optional; rules say what is required). */
export type CreateValues<T> = { -readonly [K in keyof T as T[K] extends { create: true } ? K : never]?: Nullable<T[K], ValueOf<T[K], 'create'>> };
/** The values an update may give. */
export type UpdateValues<T> = { -readonly [K in keyof T as T[K] extends { update: true } ? K : never]?: Nullable<T[K], ValueOf<T[K], 'update'>> };
/** Every value an answer may carry. */
export type ReadValues<T> = { -readonly [K in keyof T]?: AnsweredNullable<T[K], ValueOf<T[K], 'read'>> };

/** The same value types keyed by wire name (the service's attributes). */
type WireValueOf<R, Mode extends 'create' | 'update' | 'read'> = R extends { kind: 'object'; attributes: infer T }
  ? Mode extends 'read'
    ? WireReadValues<T>
    : Mode extends 'create'
      ? WireCreateValues<T>
      : WireUpdateValues<T>
  : ScalarOf<R>;
/** A row's wire names: the document's and, where it differs, the hosted service's. */
type WireOf<R> = (R extends { wire: infer W extends string } ? W : never) | (R extends { hosted: infer H extends string } ? H : never);
export type WireCreateValues<T> = {
  -readonly [K in keyof T as T[K] extends { create: true } ? WireOf<T[K]> : never]?: Nullable<T[K], WireValueOf<T[K], 'create'>>;
};
export type WireUpdateValues<T> = {
  -readonly [K in keyof T as T[K] extends { update: true } ? WireOf<T[K]> : never]?: Nullable<T[K], WireValueOf<T[K], 'update'>>;
};
export type WireReadValues<T> = {
  -readonly [K in keyof T as T[K] extends { readRelationship: string } ? never : WireOf<T[K]>]?: AnsweredNullable<T[K], WireValueOf<T[K], 'read'>>;
};

// ---- Functions over a table ------------------------------------------------------------------

export function isSettable(row: AttributeRow, mode: 'create' | 'update'): boolean {
  return mode === 'create' ? row.create === true : row.update === true;
}

/**
 * The rows a configuration sets (HCL attributes, construct props): settable on create, exposed by
 * the provider (a snake name), not deprecated.
 */
export function configurableRows(table: AttributeTable): Array<[string, AttributeRow]> {
  return Object.entries(table).filter(([, row]) => row.create === true && row.snake !== undefined && row.deprecated === undefined);
}

/** The name a row is sent under: the hosted service's where it has one and `hosted` is asked for. */
export function sentWireName(row: AttributeRow, hosted: boolean): string {
  return hosted && row.hosted !== undefined ? row.hosted : row.wire;
}

/**
 * camelCase values → wire attributes; undefined members are left out, objects recursively.
 * `hostedNames` sends the hosted service's names (which every service accepts), else the document's.
 */
export function toWireAttributes(
  table: AttributeTable,
  values: Readonly<Record<string, unknown>>,
  options: { hostedNames?: boolean } = {},
): Record<string, unknown> {
  const hosted = options.hostedNames === true;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const row = table[name];
    if (value === undefined || !row || row.writeRelationship) continue;
    out[sentWireName(row, hosted)] =
      row.kind === 'object' && row.attributes && value !== null ? toWireAttributes(row.attributes, value as Record<string, unknown>, options) : value;
  }
  return out;
}

/** A row's answered value under either of its wire names (the document's first). */
export function answeredWireValue(row: AttributeRow, wire: Readonly<Record<string, unknown>>): unknown {
  const value = wire[row.wire];
  return value === undefined && row.hosted !== undefined ? wire[row.hosted] : value;
}

/** The rows with a hosted name, at any depth, as wire paths: the names the service document neutralised. */
export function hostedNameRows(table: AttributeTable, prefix: readonly string[] = []): Array<{ wire: string[]; hosted: string[]; row: AttributeRow }> {
  const out: Array<{ wire: string[]; hosted: string[]; row: AttributeRow }> = [];
  for (const row of Object.values(table)) {
    if (row.hosted !== undefined) out.push({ wire: [...prefix, row.wire], hosted: [...prefix, row.hosted], row });
    if (row.attributes) out.push(...hostedNameRows(row.attributes, [...prefix, row.wire]));
  }
  return out;
}

/** A request member given under both of its names with different values. */
export interface WireNameConflict {
  /** The hosted name's path from `attributes`. */
  hostedPath: string[];
  detail: string;
}

/**
 * Request attributes in a dialect → the same attributes under the document's names only, which is
 * what the service works with. `both`: a hosted name counts as the document's when only it is
 * given; both given with different values is a conflict. `hosted`: only the hosted name is read.
 * Objects are copied where a member is renamed; `attributes` is not changed.
 */
export function toDocumentWireNames(
  table: AttributeTable,
  attributes: Readonly<Record<string, unknown>>,
  dialect: WireDialect,
  prefix: readonly string[] = [],
): { attributes: Record<string, unknown>; conflicts: WireNameConflict[] } {
  const out: Record<string, unknown> = { ...attributes };
  const conflicts: WireNameConflict[] = [];
  for (const row of Object.values(table)) {
    if (row.hosted !== undefined) {
      const hostedValue = out[row.hosted];
      delete out[row.hosted];
      if (dialect === 'hosted') {
        delete out[row.wire];
        if (hostedValue !== undefined) out[row.wire] = hostedValue;
      } else if (out[row.wire] === undefined) {
        if (hostedValue !== undefined) out[row.wire] = hostedValue;
      } else if (hostedValue !== undefined && JSON.stringify(hostedValue) !== JSON.stringify(out[row.wire])) {
        conflicts.push({
          hostedPath: [...prefix, row.hosted],
          detail: `${row.wire} ${JSON.stringify(out[row.wire])} and ${row.hosted} ${JSON.stringify(hostedValue)} name the same setting with different values; give one of them`,
        });
      }
    }
    const nested = out[row.wire];
    if (row.attributes && nested !== null && typeof nested === 'object' && !Array.isArray(nested)) {
      const inner = toDocumentWireNames(row.attributes, nested as Record<string, unknown>, dialect, [...prefix, row.wire]);
      out[row.wire] = inner.attributes;
      conflicts.push(...inner.conflicts);
    }
  }
  return { attributes: out, conflicts };
}

const ROWS = new WeakMap<AttributeTable, ReadonlyArray<readonly [string, AttributeRow]>>();

/** A table's rows as [camelCase name, row] pairs; computed once per table (the client maps every answer). */
export function rowsOf(table: AttributeTable): ReadonlyArray<readonly [string, AttributeRow]> {
  let rows = ROWS.get(table);
  if (!rows) ROWS.set(table, (rows = Object.entries(table)));
  return rows;
}

/** Wire attributes → camelCase values, for the rows of the table; other members are ignored. */
export function fromWireAttributes(table: AttributeTable, wire: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return wireReaderOf(table)(wire);
}

const READERS = new WeakMap<AttributeTable, (wire: Readonly<Record<string, unknown>>) => Record<string, unknown>>();

/** The mapping of `fromWireAttributes`, compiled once per table (compileLiteral). */
export function wireReaderOf(table: AttributeTable): (wire: Readonly<Record<string, unknown>>) => Record<string, unknown> {
  let reader = READERS.get(table);
  if (reader) return reader;
  const nested: Array<(wire: Readonly<Record<string, unknown>>) => Record<string, unknown>> = [];
  type Wire = Readonly<Record<string, unknown>>;
  const members = rowsOf(table).map(([name, row]): LiteralMember<Wire> => {
    // Either spelling is read: the document's, else the hosted service's.
    const wire = row.wire;
    const hosted = row.hosted;
    const from =
      hosted === undefined
        ? `s[${JSON.stringify(wire)}]`
        : `(s[${JSON.stringify(wire)}] !== undefined ? s[${JSON.stringify(wire)}] : s[${JSON.stringify(hosted)}])`;
    const read = hosted === undefined ? (s: Wire) => s[wire] : (s: Wire) => (s[wire] !== undefined ? s[wire] : s[hosted]);
    if (row.kind !== 'object' || !row.attributes) return { name, source: from, value: read };
    const inner = wireReaderOf(row.attributes);
    nested.push(inner);
    return {
      name,
      source: `(v = ${from}) !== null && typeof v === 'object' ? c[${nested.length - 1}](v) : v`,
      value: (s) => {
        const v = read(s);
        return v !== null && typeof v === 'object' ? inner(v as Wire) : v;
      },
    };
  });
  reader = compileLiteral<Readonly<Record<string, unknown>>, Record<string, unknown>>(members, nested);
  READERS.set(table, reader);
  return reader;
}

/** The spec's defaults of a new resource, keyed by camelCase name (copies, safe to change). */
export function defaultsOf(table: AttributeTable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(table)) {
    if (row.default !== undefined) out[name] = Array.isArray(row.default) ? [...(row.default as string[])] : row.default;
  }
  return out;
}

/** The same defaults keyed by wire name. */
export function wireDefaultsOf(table: AttributeTable): Record<string, unknown> {
  return toWireAttributes(table, defaultsOf(table));
}

/** The rows along a camelCase path (`['vcsRepo', 'identifier']`); throws on a name not in the table. */
function rowsAlong(table: AttributeTable, path: readonly string[]): AttributeRow[] {
  const rows: AttributeRow[] = [];
  let current: AttributeTable | undefined = table;
  for (const name of path) {
    const row: AttributeRow | undefined = current?.[name];
    if (!row) throw new Error(`attribute "${path.join('.')}" is not in the table`);
    rows.push(row);
    current = row.attributes;
  }
  return rows;
}

/** An attribute's name in a layer's naming: `vcs-repo.identifier`, `vcsRepo.identifier`, `vcs_repo.identifier`. */
export function attributeName(table: AttributeTable, path: readonly string[], naming: Naming): string {
  if (naming === 'camel') return path.join('.');
  return rowsAlong(table, path)
    .map((row, i) => (naming === 'wire' ? row.wire : naming === 'hosted' ? (row.hosted ?? row.wire) : (row.snake ?? path[i])))
    .join('.');
}

/** The JSON pointer of an attribute in a request body (`hosted`: under the hosted service's names). */
export function attributePointer(table: AttributeTable, path: readonly string[], hosted = false): string {
  return `/data/attributes/${rowsAlong(table, path)
    .map((row) => (hosted ? (row.hosted ?? row.wire) : row.wire))
    .join('/')}`;
}

/** The camelCase path of a snake_case (HCL) path, or undefined when no row has that name. */
export function pathFromSnake(table: AttributeTable, snakePath: readonly string[]): string[] | undefined {
  return pathFrom(table, snakePath, (row, name) => row.snake === name);
}

/** The camelCase path of a wire path (`['vcs-repo', 'oauth-token-id']`, either spelling), or undefined when no row has that name. */
export function pathFromWire(table: AttributeTable, wirePath: readonly string[]): string[] | undefined {
  return pathFrom(table, wirePath, (row, name) => row.wire === name || row.hosted === name);
}

function pathFrom(table: AttributeTable, names: readonly string[], named: (row: AttributeRow, name: string) => boolean): string[] | undefined {
  const out: string[] = [];
  let current: AttributeTable | undefined = table;
  for (const name of names) {
    const entry: [string, AttributeRow] | undefined = current && Object.entries(current).find(([, row]) => named(row, name));
    if (!entry) return undefined;
    out.push(entry[0]);
    current = entry[1].attributes;
  }
  return out;
}
