// The provider's plan, declared per attribute: one planner applies every resource's declarations
// to the protocol's default plan (dispatch.ts), which has already made unset computed attributes
// unknown on create and listed the changed attributes the schema marks `requiresReplace`. On update
// Terraform's proposal keeps an unset attribute's prior value (what plugin frameworks call "use state
// for unknown"), so declarations say only where a plan departs from that: a default, the provider
// block's setting, or a value the service derives from attributes that change. Declarations come
// from the attribute table's `plan` column and `default` (table rows) and from the provider's own
// attributes (`plan` beside their schema entry). Loaded at provider start: plain data and functions.
import type { AttributeTable } from '../contract/attribute-table';
import { DiagnosticError, type AttributePath } from './protocol/diagnostics';
import type { Attribute, Block } from './protocol/schema';
import type { HookContext, PlanRequest, PlanResult } from './protocol/types';
import { Unknown, isWhollyKnown, valuesEqual, type ObjectValue, type Value } from './protocol/values';
import type { PlanModifiers } from './resource';
import { hclRows, planDefaultOf } from './table-schema';

/** An attribute's declarations, resolved to HCL names. */
interface AttributeModifiers {
  readonly snake: string;
  /** Whether a configuration may set it (else only the service does, and the configuration is never read). */
  readonly configurable: boolean;
  readonly requiresReplace: boolean;
  readonly default?: { readonly value: Value };
  readonly fromProvider?: PlanModifiers['fromProvider'];
  /** HCL names of the attributes it derives from (or mirrors); how each counts. */
  readonly sources: ReadonlyArray<{ readonly snake: string; readonly unknownCounts: boolean }>;
  readonly mirrors?: string;
}

/** A resource's plan declarations, resolved once per process. */
export interface ResourcePlan {
  readonly top: readonly AttributeModifiers[];
  /** Members of single nested blocks, by block HCL name. */
  readonly blocks: ReadonlyArray<{ readonly snake: string; readonly members: readonly AttributeModifiers[] }>;
}

/** Values of the provider block the declarations may read (`fromProvider`). */
export type ProviderSettings = Readonly<Record<string, string | null | undefined>>;

interface Declared {
  readonly model: string;
  readonly snake: string;
  readonly plan: PlanModifiers;
}

const isSet = (v: Value | undefined) => v !== null && v !== undefined;
const isObject = (v: Value | undefined): v is ObjectValue => v !== null && typeof v === 'object' && !Array.isArray(v);
const copy = (v: Value): Value => (Array.isArray(v) ? [...v] : v);

/** A row's declarations: its `plan` column, plus its default where planDefaultOf gives one. */
function rowDeclarations(table: AttributeTable): Declared[] {
  return hclRows(table).map(({ path, snake, row }) => {
    const d = planDefaultOf(row);
    return { model: path[0], snake, plan: { ...row.plan, ...(d ? { default: d.value as Value } : {}) } };
  });
}

/**
 * A resource's plan from its schema, its attribute table (rows and their objects' members) and the
 * provider's own attributes. Throws on a declaration naming an attribute the resource does not have.
 */
export function resourcePlan(options: {
  schema: Block;
  table?: AttributeTable;
  attributes?: Readonly<Record<string, { readonly snake: string; readonly plan?: PlanModifiers }>>;
}): ResourcePlan {
  const { schema, table = {} } = options;
  const own = Object.entries(options.attributes ?? {}).map(([model, a]): Declared => ({ model, snake: a.snake, plan: a.plan ?? {} }));
  const top = [...rowDeclarations(table), ...own];
  const snakeOf = new Map(top.map((d) => [d.model, d.snake]));
  const resolve = (owner: string, name: string): string => {
    const snake = snakeOf.get(name);
    if (snake === undefined) throw new Error(`Provider bug: the plan of "${owner}" names "${name}", which the resource does not have.`);
    return snake;
  };

  const modifiers = ({ model, snake, plan }: Declared, attribute: Attribute | undefined): AttributeModifiers | undefined => {
    const knownOnly = new Set(plan.knownChangesOnly ?? []);
    for (const name of knownOnly) {
      if (!plan.derivedFrom?.includes(name)) throw new Error(`Provider bug: "${model}" counts only known changes of "${name}", which it does not derive from.`);
    }
    const sources = [...(plan.derivedFrom ?? []), ...(plan.mirrors !== undefined ? [plan.mirrors] : [])].map((name) => ({
      snake: resolve(model, name),
      unknownCounts: !knownOnly.has(name),
    }));
    if (plan.default === undefined && plan.fromProvider === undefined && sources.length === 0) return undefined;
    return {
      snake,
      configurable: attribute?.optional === true || attribute?.required === true,
      requiresReplace: attribute?.requiresReplace === true,
      ...(plan.default !== undefined ? { default: { value: plan.default } } : {}),
      ...(plan.fromProvider ? { fromProvider: plan.fromProvider } : {}),
      sources,
      ...(plan.mirrors !== undefined ? { mirrors: resolve(model, plan.mirrors) } : {}),
    };
  };

  const blocks: Array<{ snake: string; members: AttributeModifiers[] }> = [];
  for (const { snake, row } of hclRows(table)) {
    if (!row.attributes) continue;
    const nested = schema.blocks?.[snake]?.block.attributes ?? {};
    const members = rowDeclarations(row.attributes).flatMap((d) => modifiers(d, nested[d.snake]) ?? []);
    if (members.length > 0) blocks.push({ snake, members });
  }
  return {
    top: top.flatMap((d) => modifiers(d, schema.attributes?.[d.snake]) ?? []),
    blocks,
  };
}

/** The provider block's setting, else the prior value; fails without either. */
function providerValue(
  m: AttributeModifiers,
  setting: NonNullable<PlanModifiers['fromProvider']>,
  prior: ObjectValue | null,
  settings: ProviderSettings,
): Value {
  const configured = settings[setting.setting];
  if (configured) return configured;
  if (prior && isSet(prior[m.snake])) return prior[m.snake];
  throw new DiagnosticError(
    `Missing ${m.snake}`,
    `Set ${m.snake} on this resource, or ${setting.setting} in the provider "cdkws" block (or ${setting.environment}).`,
    [m.snake],
  );
}

/** Fills what the configuration leaves unset: the provider's setting, then defaults. */
function fillUnset(plan: ResourcePlan, req: PlanRequest, planned: ObjectValue, settings: ProviderSettings): string[] {
  const { prior, config } = req;
  const filled: string[] = [];
  for (const m of plan.top) {
    if (isSet(config[m.snake])) continue;
    if (m.fromProvider) planned[m.snake] = providerValue(m, m.fromProvider, prior, settings);
    else if (m.default) planned[m.snake] = copy(m.default.value);
    else continue;
    filled.push(m.snake);
  }
  for (const { snake, members } of plan.blocks) {
    const block = planned[snake];
    const configBlock = config[snake];
    // A block the configuration leaves out stays out.
    if (!isObject(block) || !isObject(configBlock)) continue;
    const out: ObjectValue = { ...block };
    for (const m of members) if (m.default && !isSet(configBlock[m.snake])) out[m.snake] = copy(m.default.value);
    planned[snake] = out;
  }
  return filled;
}

/**
 * Whether an update changes an attribute's sources: one changes to another known value, or (where
 * it counts) is wholly unknown. Read from `before`, the plan before any derived value was marked.
 */
function sourcesChange(m: AttributeModifiers, prior: ObjectValue, before: ObjectValue): boolean {
  return m.sources.some(({ snake, unknownCounts }) => {
    const value = before[snake];
    if (value === Unknown) return unknownCounts;
    return value !== undefined && isWhollyKnown(value) && !valuesEqual(prior[snake], value);
  });
}

/** On update: values derived from what changes become unknown (or follow what they mirror) while the configuration leaves them unset. */
function markDerived(plan: ResourcePlan, prior: ObjectValue, planned: ObjectValue, config: ObjectValue): void {
  const before: ObjectValue = { ...planned };
  for (const m of plan.top) {
    if (m.sources.length === 0 || (m.configurable && isSet(config[m.snake])) || !sourcesChange(m, prior, before)) continue;
    planned[m.snake] = m.mirrors !== undefined ? before[m.mirrors] : Unknown;
  }
  for (const { snake, members } of plan.blocks) {
    const block = before[snake];
    const configBlock = config[snake];
    if (!isObject(block) || !isObject(configBlock)) continue;
    const derived = members.filter((m) => m.sources.length > 0 && !(m.configurable && isSet(configBlock[m.snake])) && sourcesChange(m, prior, before));
    if (derived.length === 0) continue;
    const out: ObjectValue = { ...block };
    for (const m of derived) out[m.snake] = m.mirrors !== undefined ? before[m.mirrors] : Unknown;
    planned[snake] = out;
  }
}

/**
 * The plan of a resource from its declarations, over the protocol's default plan (`req.planned`,
 * `req.requiresReplace`). A filled-in value of a `requiresReplace` attribute that differs from the
 * prior one replaces the resource; a replacement plans no derived values (Terraform plans the new
 * object again, as a create).
 */
export function applyPlan(plan: ResourcePlan, req: PlanRequest, settings: ProviderSettings = {}): PlanResult {
  const { prior, config } = req;
  const planned: ObjectValue = { ...req.planned };
  const requiresReplace: AttributePath[] = [...req.requiresReplace];
  const filled = fillUnset(plan, req, planned, settings);
  if (prior) {
    for (const m of plan.top) {
      const changed = m.requiresReplace && filled.includes(m.snake) && !valuesEqual(prior[m.snake], planned[m.snake]);
      if (changed && !requiresReplace.some((p) => p[0] === m.snake)) requiresReplace.push([m.snake]);
    }
  }
  if (prior && requiresReplace.length === 0) markDerived(plan, prior, planned, config);
  return { planned, requiresReplace };
}

/**
 * A resource's `plan` hook from its declarations: it returns only what departs from the default
 * plan, and nothing when nothing does.
 */
export function planHook(plan: ResourcePlan, settingsOf: (ctx: HookContext<unknown>) => ProviderSettings = () => ({})) {
  return (req: PlanRequest, ctx: HookContext<unknown>): PlanResult | undefined => {
    const { planned, requiresReplace = [] } = applyPlan(plan, req, settingsOf(ctx));
    const out: PlanResult = {};
    if (planned && !valuesEqual(planned, req.planned)) out.planned = planned;
    if (JSON.stringify(requiresReplace) !== JSON.stringify(req.requiresReplace)) out.requiresReplace = requiresReplace;
    return out.planned || out.requiresReplace ? out : undefined;
  };
}
