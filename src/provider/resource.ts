// The provider's resource shape: create, read, update, delete and import hooks over a typed model,
// dispatched once here (the protocol layer only knows one `apply`). A model is the resource's
// configuration, plan or state decoded from the protocol's Value by its schema: camelCase members
// (`agent_pool_id` → `agentPoolId`), typed from the schema's Terraform types, `null` for null and
// `undefined` for a value not known until apply. Light on purpose: loaded before any client code.
import type { Diagnostic } from './protocol/diagnostics';
import type { Block, TfType } from './protocol/schema';
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

/** `agent_pool_id` → `agentPoolId`, in types. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** `agent_pool_id` → `agentPoolId`. */
export function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
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
          : T extends readonly ['object', infer O]
            ? { -readonly [K in keyof O & string as Camel<K>]: ModelValue<O[K]> | null }
            : unknown;

/** A member of a model: its value, null, or undefined while unknown. */
export type Known<T> = T | null | undefined;

/** The model of a block of attributes written `as const`. */
export type ModelOf<A> = { -readonly [K in keyof A & string as Camel<K>]: A[K] extends { type: infer T } ? Known<ModelValue<T>> : never };

function decodeValue(type: TfType, value: Value | undefined): unknown {
  if (value === undefined || !isWhollyKnown(value)) return undefined;
  if (value === null || typeof type === 'string') return value;
  if (type[0] === 'object') {
    const members = type[1];
    return Object.fromEntries(Object.keys(members).map((name) => [camel(name), decodeValue(members[name], (value as ObjectValue)[name])]));
  }
  if ((type[0] === 'list' || type[0] === 'set') && Array.isArray(value)) return value.map((v) => decodeValue(type[1], v));
  return value;
}

/** A value of `block` as its model: camelCase members, unknown values undefined (wholly or not at all). */
export function decodeModel<M>(block: Block, value: ObjectValue): M {
  const out: Record<string, unknown> = {};
  for (const [name, a] of Object.entries(block.attributes ?? {})) out[camel(name)] = decodeValue(a.type, value[name]);
  for (const [name, b] of Object.entries(block.blocks ?? {})) {
    const v = value[name];
    // Only single blocks are used by this provider; others keep their protocol value.
    if (b.nesting !== 'single' && b.nesting !== 'group') out[camel(name)] = v;
    else out[camel(name)] = v === undefined || !isWhollyKnown(v) ? undefined : v === null ? null : decodeModel(b.block, v as ObjectValue);
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
  const values = (value: ObjectValue): Values<M> => ({ model: decodeModel<M>(hooks.schema, value), value });
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
