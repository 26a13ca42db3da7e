// The interface resources and data sources implement. Everything here is protocol-free: values are
// plain JS (see values.ts), schemas are schema.ts's model, problems are diagnostics.ts's Diagnostic.
import type { AttributePath, Diagnostic } from './diagnostics';
import type { Schema } from './schema';
import type { ObjectValue } from './values';

type Awaitable<T> = T | Promise<T>;

export interface HookContext<P = unknown> {
  /** Aborted when Terraform asks the provider to stop (Ctrl-C): finish or give up promptly. */
  stopped: AbortSignal;
  /** What `configure` returned as `providerData` (undefined before configuration). */
  providerData: P;
  /** Terraform's version, from ConfigureProvider ('' before configuration). */
  terraformVersion: string;
}

export interface HookResult {
  diagnostics?: Diagnostic[];
}

export interface PlanRequest {
  /** State before the change; null when creating. */
  prior: ObjectValue | null;
  /** Terraform's proposal: config merged with prior state for computed attributes. */
  proposed: ObjectValue;
  /** The configuration as written (may hold unknowns). */
  config: ObjectValue;
  /**
   * The layer's default plan: `proposed` with unset computed attributes unknown on create. Return
   * it (changed or not) or omit `planned` to accept it.
   */
  planned: ObjectValue;
  /** Paths the default plan found changed among attributes marked `requiresReplace`. */
  requiresReplace: AttributePath[];
  priorPrivate?: Uint8Array;
}

export interface PlanResult extends HookResult {
  planned?: ObjectValue;
  /** Attribute paths whose change forces replacement; defaults to the request's list. */
  requiresReplace?: AttributePath[];
  private?: Uint8Array;
}

export interface ApplyRequest {
  action: 'create' | 'update' | 'delete';
  /** null when creating. */
  prior: ObjectValue | null;
  /** null when deleting. Unknown values in it are what apply must fill in. */
  planned: ObjectValue | null;
  /** null when deleting. */
  config: ObjectValue | null;
  private?: Uint8Array;
}

export interface ApplyResult extends HookResult {
  /** The new state: required for create/update (with no unknowns left); ignored for delete. */
  state?: ObjectValue | null;
  private?: Uint8Array;
}

export interface ReadRequest {
  state: ObjectValue;
  private?: Uint8Array;
}

export interface ReadResult extends HookResult {
  /** The current state, or null when the remote object is gone (Terraform then plans to create it). */
  state: ObjectValue | null;
  private?: Uint8Array;
}

export interface ImportResult extends HookResult {
  /** A state to hand to `read` (often just the identifying attributes); missing attributes are null. */
  state?: ObjectValue;
  private?: Uint8Array;
}

export interface UpgradeRequest {
  /** Schema version the state was written with. */
  version: number;
  /** The stored state, parsed from JSON, in the shape of that older schema. */
  rawState: Record<string, unknown>;
}

export interface UpgradeResult extends HookResult {
  /** The state in the current schema's shape. */
  state?: ObjectValue;
}

export interface ResourceImplementation<P = unknown> {
  schema: Schema;
  /** Checks beyond the schema; config may hold unknowns. */
  validate?(config: ObjectValue, ctx: HookContext<P>): Awaitable<Diagnostic[] | void>;
  /** Adjusts the default plan (e.g. marks derived attributes unknown, forces replacement). */
  plan?(req: PlanRequest, ctx: HookContext<P>): Awaitable<PlanResult | void>;
  /** Create, update or delete the remote object. */
  apply(req: ApplyRequest, ctx: HookContext<P>): Awaitable<ApplyResult>;
  /** Refresh: read the remote object. */
  read(req: ReadRequest, ctx: HookContext<P>): Awaitable<ReadResult>;
  /** `terraform import` / import blocks; absent = import unsupported. */
  importState?(id: string, ctx: HookContext<P>): Awaitable<ImportResult>;
  /** Called when stored state has an older `schema.version`; absent = decode with the current schema. */
  upgradeState?(req: UpgradeRequest, ctx: HookContext<P>): Awaitable<UpgradeResult>;
}

export interface DataSourceResult extends HookResult {
  state?: ObjectValue;
}

export interface DataSourceImplementation<P = unknown> {
  schema: Schema;
  validate?(config: ObjectValue, ctx: HookContext<P>): Awaitable<Diagnostic[] | void>;
  read(config: ObjectValue, ctx: HookContext<P>): Awaitable<DataSourceResult>;
}

export interface ConfigureResult<P> extends HookResult {
  providerData?: P;
}

export interface ProviderImplementation<P = unknown> {
  /** The `provider "cdkws" { ... }` block's schema. */
  schema: Schema;
  resources?: Record<string, ResourceImplementation<P>>;
  dataSources?: Record<string, DataSourceImplementation<P>>;
  validate?(config: ObjectValue, ctx: HookContext<P>): Awaitable<Diagnostic[] | void>;
  /** Called once per process before any resource work; config may hold unknowns during plan. */
  configure?(config: ObjectValue, ctx: HookContext<P>): Awaitable<ConfigureResult<P> | void>;
  /** Terraform asked to stop (Ctrl-C). `ctx.stopped` is already aborted when this runs. */
  stop?(): Awaitable<void>;
}
