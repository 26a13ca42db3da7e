// The default plan a resource gets without writing a `plan` hook. Terraform's proposed new state
// already carries prior values for computed attributes the config leaves unset; what remains for
// the provider is (1) on create, mark those attributes unknown so apply may fill them, and (2) say
// which changed attributes force replacement (attributes/blocks marked `requiresReplace`).
import type { AttributePath, PathStep } from './diagnostics';
import type { Block } from './schema';
import { ObjectValue, Unknown, Value, valuesEqual } from './values';

function isObject(v: Value | undefined): v is ObjectValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Marks computed attributes that the config leaves null (and that have no prior value) unknown. */
function markComputed(block: Block, planned: ObjectValue, config: Value | undefined, prior: Value | undefined): void {
  const cfg = isObject(config) ? config : {};
  const old = isObject(prior) ? prior : undefined;
  for (const [name, a] of Object.entries(block.attributes ?? {})) {
    if (!a.computed) continue;
    const configured = cfg[name] !== null && cfg[name] !== undefined;
    if (!configured && (old === undefined || old[name] === undefined)) planned[name] = Unknown;
  }
  for (const [name, nb] of Object.entries(block.blocks ?? {})) {
    const v = planned[name];
    const c = cfg[name];
    const p = old?.[name];
    if (nb.nesting === 'single' || nb.nesting === 'group') {
      if (isObject(v)) markComputed(nb.block, v, c, p);
    } else if (nb.nesting === 'list' && Array.isArray(v)) {
      // List elements correspond by index, in config and prior state alike.
      v.forEach((e, i) => {
        if (isObject(e)) markComputed(nb.block, e, Array.isArray(c) ? c[i] : undefined, Array.isArray(p) ? p[i] : undefined);
      });
    } else if (nb.nesting === 'map' && isObject(v)) {
      for (const [k, e] of Object.entries(v)) {
        if (isObject(e)) markComputed(nb.block, e, isObject(c) ? c[k] : undefined, isObject(p) ? p[k] : undefined);
      }
    } else if (nb.nesting === 'set' && Array.isArray(v)) {
      // Set elements have no identity: an element equal to a prior one keeps its values; a new
      // element gets unknowns for the computed attributes its config leaves unset.
      const priorElems = Array.isArray(p) ? p : [];
      v.forEach((e) => {
        if (isObject(e) && !priorElems.some((x) => valuesEqual(x, e))) markComputed(nb.block, e, e, undefined);
      });
    }
  }
}

function clone(v: Value): Value {
  if (Array.isArray(v)) return v.map(clone);
  if (isObject(v)) {
    const out: ObjectValue = {};
    for (const [k, x] of Object.entries(v)) out[k] = clone(x);
    return out;
  }
  return v;
}

function changedReplacePaths(block: Block, prior: ObjectValue, planned: ObjectValue, at: PathStep[], out: AttributePath[]): void {
  for (const [name, a] of Object.entries(block.attributes ?? {})) {
    if (a.requiresReplace && !valuesEqual(prior[name], planned[name])) out.push([...at, name]);
  }
  for (const [name, nb] of Object.entries(block.blocks ?? {})) {
    const p = prior[name];
    const n = planned[name];
    if (nb.requiresReplace) {
      if (!valuesEqual(p, n)) out.push([...at, name]);
    } else if ((nb.nesting === 'single' || nb.nesting === 'group') && isObject(p) && isObject(n)) {
      changedReplacePaths(nb.block, p, n, [...at, name], out);
    } else if (nb.nesting === 'list' && Array.isArray(p) && Array.isArray(n)) {
      n.forEach((e, i) => {
        if (isObject(e) && isObject(p[i])) changedReplacePaths(nb.block, p[i], e, [...at, name, i], out);
      });
    } else if (nb.nesting === 'map' && isObject(p) && isObject(n)) {
      for (const [k, e] of Object.entries(n)) {
        if (isObject(e) && isObject(p[k])) changedReplacePaths(nb.block, p[k], e, [...at, name, { key: k }], out);
      }
    } else if (nb.nesting === 'set' && !valuesEqual(p, n) && hasReplaceAttr(nb.block)) {
      out.push([...at, name]); // set elements cannot be addressed one by one
    }
  }
}

function hasReplaceAttr(block: Block): boolean {
  return (
    Object.values(block.attributes ?? {}).some((a) => a.requiresReplace) ||
    Object.values(block.blocks ?? {}).some((b) => b.requiresReplace || hasReplaceAttr(b.block))
  );
}

export interface DefaultPlan {
  planned: ObjectValue;
  requiresReplace: AttributePath[];
}

export function defaultPlan(block: Block, prior: ObjectValue | null, proposed: ObjectValue, config: ObjectValue): DefaultPlan {
  const planned = clone(proposed) as ObjectValue;
  markComputed(block, planned, config, prior ?? undefined);
  const requiresReplace: AttributePath[] = [];
  if (prior) changedReplacePaths(block, prior, planned, [], requiresReplace);
  return { planned, requiresReplace };
}
