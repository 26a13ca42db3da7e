// How the review shows a variable's value. The provider marks `value` sensitive for every variable,
// so Terraform's plan masks them all; the variable's own `sensitive` flag says which are secrets.
// A value that is not a secret on either side reads `old → new`; a secret reads "changed" (or "set"
// when created), never with its value; a write-only value (`value_wo`) is absent from the plan
// altogether, and changes when its `value_wo_version` does.
import type { AttributeChange, ChangeAction, JsonChange } from './plan-attributes';

export const VARIABLE_RESOURCE_TYPE = 'cdkws_variable';
/** The attributes that carry the value, shown as one `value` change. */
const VALUE_ATTRIBUTES = new Set(['value', 'value_wo', 'value_wo_version']);

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Whether the value side is a secret: declared sensitive, given write-only, or not known before apply. */
function secret(values: Record<string, unknown>): boolean {
  return values.sensitive === true || (values.value_wo_version !== null && values.value_wo_version !== undefined);
}

/** The one `value` change of a variable, or undefined when its value does not change. */
function valueChange(change: JsonChange, action: ChangeAction): AttributeChange | undefined {
  const before = action === 'create' ? {} : record(change.before);
  const after = record(change.after);
  const unknown = record(change.after_unknown);
  const sameValue = before.value === after.value && before.value_wo_version === after.value_wo_version && !unknown.value && !unknown.value_wo_version;
  if (action !== 'create' && sameValue) return undefined;
  if (action === 'create' && after.value == null && after.value_wo_version == null && !unknown.value) return undefined;
  if (secret(before) || secret(after) || unknown.value === true) {
    return { name: 'value', before: null, after: null, forcesReplacement: false, hidden: action === 'create' ? 'set' : 'changed' };
  }
  return { name: 'value', before: action === 'create' ? null : (before.value ?? null), after: after.value ?? null, forcesReplacement: false };
}

/**
 * A variable's attribute changes with its value shown as above; other types' are returned as they
 * are. `attributes` is what plan-attributes.ts found (values masked where Terraform marks them).
 */
export function withVariableValues(type: string, change: JsonChange, action: ChangeAction, attributes: AttributeChange[]): AttributeChange[] {
  if (type !== VARIABLE_RESOURCE_TYPE || action === 'delete' || action === 'import') return attributes;
  const rest = attributes.filter((a) => !VALUE_ATTRIBUTES.has(a.name));
  const value = valueChange(change, action);
  const forces = attributes.some((a) => VALUE_ATTRIBUTES.has(a.name) && a.forcesReplacement);
  if (value) value.forcesReplacement = forces;
  return value ? [...rest, value].sort((a, b) => a.name.localeCompare(b.name)) : rest;
}
