// The provider's resource shape: create, read, update, delete and import hooks over a typed model,
// dispatched once here (the protocol layer only knows one `apply`). A model is the resource's
// configuration, plan or state decoded from the protocol's Value by its schema, its members named
// by the schema's model names (the attribute table's keys for its rows, declared beside the
// provider's own attributes: no name is derived by changing case), typed from the schema's
// Terraform types, `null` for null and `undefined` for a value not known until apply. Light on
// purpose: loaded before any client code.
import type { AttributePlan } from '../contract/attribute-table';
import type { Diagnostic } from './protocol/diagnostics';
import type { Attribute, Block, TfType } from './protocol/schema';
import type {
  ApplyRequest,
  ApplyResult,
  HookContext,
  ImportResult,
  PlanRequest,
  PlanResult,
  ReadRequest,
  ReadResult,
  ResourceImplementation,
  UpgradeRequest,
  UpgradeResult,
} from './protocol/types';
import { isWhollyKnown, type ObjectValue, type Value } from './protocol/values';
import type { Schema } from './protocol/schema';

type Awaitable<T> = T | Promise<T>;

/** What a model calls an HCL attribute or block, and for a block or an object, its members. */
export interface ModelName {
  readonly name: string;
  readonly members?: ModelNames;
}

/** Model names by HCL name (`agent_pool_id` → `agentPoolId`), as the table or a declaration gives them. */
export type ModelNames = Readonly<Record<string, ModelName>>;

/**
 * What a plan does with one of the provider's own attributes (plan-modifiers.ts); a table row's
 * come from its columns (`plan`, `default`).
 */
export interface PlanModifiers extends AttributePlan {
  /** The value an unset attribute plans to, on create and update alike. */
  readonly default?: Value;
  /**
   * While unset: the provider block's setting of this name, else the prior value; without either
   * the plan fails. A new value replaces the resource when the attribute is `requiresReplace`.
   */
  readonly fromProvider?: { readonly setting: string; readonly environment: string };
  /** Always equal to this attribute (a top-level model name): an update that changes it plans its new value. */
  readonly mirrors?: string;
}

/**
 * One of the provider's own attributes (not a table row): its schema entry plus its HCL name and
 * plan declarations, keyed by model name.
 */
export interface NamedAttribute extends Attribute {
  readonly snake: string;
  readonly plan?: PlanModifiers;
}

/** The provider's own attributes of a schema, keyed by model name. */
export type NamedAttributes = Readonly<Record<string, NamedAttribute>>;

/** The schema's attributes (by HCL name) of named attributes. */
export function hclAttributes(named: NamedAttributes): Record<string, Attribute> {
  return Object.fromEntries(Object.values(named).map(({ snake, plan: _plan, ...attribute }) => [snake, attribute]));
}

/** The model names of named attributes. */
export function modelNamesOf(named: NamedAttributes): ModelNames {
  return Object.fromEntries(Object.entries(named).map(([name, { snake }]) => [snake, { name }]));
}

/** The JS value of a Terraform type in a model (maps keep their keys: they are data). */
export type ModelValue<T> = T extends 'string'
  ? string
  : T extends 'number'
    ? number
    : T extends 'bool'
      ? boolean
      : T extends readonly ['list' | 'set', infer E]
        ? ModelValue<E>[]
        : T extends readonly ['map', infer E]
          ? Record<string, ModelValue<E>>
          : T extends readonly ['object', unknown]
            ? Readonly<Record<string, unknown>>
            : unknown;

/** A member of a model: its value, null, or undefined while unknown. */
export type Known<T> = T | null | undefined;

/** The model of named attributes written `as const`. */
export type ModelOf<A> = { -readonly [K in keyof A & string]: A[K] extends { type: infer T } ? Known<ModelValue<T>> : never };

function nameOf(names: ModelNames, snake: string): ModelName {
  const found = names[snake];
  if (!found) throw new Error(`Provider bug: the schema's "${snake}" has no model name.`);
  return found;
}

function decodeValue(type: TfType, name: ModelName, value: Value | undefined): unknown {
  if (value === undefined || !isWhollyKnown(value)) return undefined;
  if (value === null || typeof type === 'string') return value;
  if (type[0] === 'object') {
    const members = type[1];
    return Object.fromEntries(
      Object.keys(members).map((snake) => {
        const member = nameOf(name.members ?? {}, snake);
        return [member.name, decodeValue(members[snake], member, (value as ObjectValue)[snake])];
      }),
    );
  }
  if ((type[0] === 'list' || type[0] === 'set') && Array.isArray(value)) return value.map((v) => decodeValue(type[1], name, v));
  return value;
}

/** A value of `block` as its model: members by their model names, unknown values undefined (wholly or not at all). */
export function decodeModel<M>(block: Block, names: ModelNames, value: ObjectValue): M {
  const out: Record<string, unknown> = {};
  for (const [snake, a] of Object.entries(block.attributes ?? {})) {
    const name = nameOf(names, snake);
    out[name.name] = decodeValue(a.type, name, value[snake]);
  }
  for (const [snake, b] of Object.entries(block.blocks ?? {})) {
    const name = nameOf(names, snake);
    const v = value[snake];
    // Only single blocks are used by this provider; others keep their protocol value.
    if (b.nesting !== 'single' && b.nesting !== 'group') out[name.name] = v;
    else out[name.name] = v === undefined || !isWhollyKnown(v) ? undefined : v === null ? null : decodeModel(b.block, name.members ?? {}, v as ObjectValue);
  }
  return out as M;
}

/** The values of an apply, as models and as the protocol's values (for what only they tell: unknowns). */
export interface Values<M> {
  model: M;
  value: ObjectValue;
}

export interface CreateRequest<M> {
  planned: Values<M>;
  config: Values<M>;
  private?: Uint8Array;
}

export interface UpdateRequest<M> {
  prior: Values<M>;
  planned: Values<M>;
  config: Values<M>;
  private?: Uint8Array;
}

export interface DeleteRequest<M> {
  prior: Values<M>;
  private?: Uint8Array;
}

export interface StateRequest<M> {
  state: Values<M>;
  private?: Uint8Array;
}

/** What a resource implements; `defineResource` turns it into what the protocol layer calls. */
export interface ResourceHooks<M, P> {
  schema: Schema;
  /** The model name of each of the schema's attributes and blocks. */
  names: ModelNames;
  /** Checks beyond the schema; unknown members are undefined and skipped. */
  validate?(config: Values<M>, ctx: HookContext<P>): Awaitable<Diagnostic[] | void>;
  /** Adjusts the default plan; works on the protocol's values, since it decides what is unknown. */
  plan?(req: PlanRequest, ctx: HookContext<P>): Awaitable<PlanResult | void>;
  create(req: CreateRequest<M>, ctx: HookContext<P>): Awaitable<ApplyResult>;
  read(req: StateRequest<M>, ctx: HookContext<P>): Awaitable<ReadResult>;
  update(req: UpdateRequest<M>, ctx: HookContext<P>): Awaitable<ApplyResult>;
  delete(req: DeleteRequest<M>, ctx: HookContext<P>): Awaitable<ApplyResult>;
  importState?(id: string, ctx: HookContext<P>): Awaitable<ImportResult>;
  upgradeState?(req: UpgradeRequest, ctx: HookContext<P>): Awaitable<UpgradeResult>;
}

function missing(what: string, action: string): never {
  throw new Error(`Provider bug: Terraform sent no ${what} for ${action}.`);
}

/** A resource from its hooks: one apply that calls create, update or delete with decoded models. */
export function defineResource<M, P>(hooks: ResourceHooks<M, P>): ResourceImplementation<P> {
  const values = (value: ObjectValue): Values<M> => ({ model: decodeModel<M>(hooks.schema, hooks.names, value), value });
  return {
    schema: hooks.schema,
    validate: hooks.validate && ((config, ctx) => hooks.validate?.(values(config), ctx)),
    plan: hooks.plan && ((req, ctx) => hooks.plan?.(req, ctx)),
    apply(req: ApplyRequest, ctx) {
      const { action, prior, planned, config } = req;
      if (action === 'delete') return hooks.delete({ prior: values(prior ?? missing('prior state', action)), private: req.private }, ctx);
      const plannedValues = values(planned ?? missing('planned state', action));
      const configValues = values(config ?? missing('configuration', action));
      if (action === 'create') return hooks.create({ planned: plannedValues, config: configValues, private: req.private }, ctx);
      return hooks.update({ prior: values(prior ?? missing('prior state', action)), planned: plannedValues, config: configValues, private: req.private }, ctx);
    },
    read: (req: ReadRequest, ctx) => hooks.read({ state: values(req.state), private: req.private }, ctx),
    importState: hooks.importState && ((id, ctx) => hooks.importState?.(id, ctx) ?? {}),
    upgradeState: hooks.upgradeState && ((req, ctx) => hooks.upgradeState?.(req, ctx) ?? {}),
  };
}
