// Write-only attributes (protocol 6.8, Terraform 1.11): their value is in the configuration only.
// Terraform rejects a plan, an apply result or a read whose write-only attributes are not null, and
// a Terraform that did not announce `write_only_attributes_allowed` would not know to keep them out
// of its plan and state: so the layer nulls them in every value it hands back, and refuses a
// configuration that sets one when the client cannot keep it out.
import type { AttributePath, PathStep } from './diagnostics';
import type { Block } from './schema';
import type { ObjectValue, Value } from './values';

const isObject = (v: Value | undefined): v is ObjectValue => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when the block or one nested in it has a write-only attribute. */
export function hasWriteOnly(block: Block): boolean {
  return Object.values(block.attributes ?? {}).some((a) => a.writeOnly) || Object.values(block.blocks ?? {}).some((b) => hasWriteOnly(b.block));
}

/** Each element of a nested block's value with its path step (index or map key). */
function elements(nesting: string, v: Value | undefined): [PathStep | undefined, Value][] {
  if (nesting === 'single' || nesting === 'group') return isObject(v) ? [[undefined, v]] : [];
  if (Array.isArray(v)) return v.map((e, i) => [i, e]);
  if (isObject(v)) return Object.entries(v).map(([k, e]) => [{ key: k }, e]);
  return [];
}

/** The value with every write-only attribute null (a copy; the value given is left alone). */
export function withoutWriteOnly(block: Block, value: Value): Value {
  if (!isObject(value) || !hasWriteOnly(block)) return value;
  const out: ObjectValue = { ...value };
  for (const [name, a] of Object.entries(block.attributes ?? {})) if (a.writeOnly && name in out) out[name] = null;
  for (const [name, nb] of Object.entries(block.blocks ?? {})) {
    const v = out[name];
    if (!hasWriteOnly(nb.block) || v === null || v === undefined) continue;
    if (isObject(v) && (nb.nesting === 'single' || nb.nesting === 'group')) out[name] = withoutWriteOnly(nb.block, v);
    else if (Array.isArray(v)) out[name] = v.map((e) => withoutWriteOnly(nb.block, e));
    else if (isObject(v)) out[name] = Object.fromEntries(Object.entries(v).map(([k, e]) => [k, withoutWriteOnly(nb.block, e)]));
  }
  return out;
}

/** Paths of the write-only attributes the value sets (not null). */
export function writeOnlyPathsSet(block: Block, value: Value | undefined, at: PathStep[] = []): AttributePath[] {
  if (!isObject(value)) return [];
  const out: AttributePath[] = [];
  for (const [name, a] of Object.entries(block.attributes ?? {})) {
    if (a.writeOnly && value[name] !== null && value[name] !== undefined) out.push([...at, name]);
  }
  for (const [name, nb] of Object.entries(block.blocks ?? {})) {
    for (const [step, e] of elements(nb.nesting, value[name])) {
      out.push(...writeOnlyPathsSet(nb.block, e, step === undefined ? [...at, name] : [...at, name, step]));
    }
  }
  return out;
}
