// ValidateResourceConfig for `cdkws_workspace`: the spec's rules (src/contract, the ones the client, the
// service and the constructs call too), shown in HCL naming at the offending attribute. Values known
// only after apply are skipped, never guessed, as is every rule that names one of them.
import { pathFromWire, type AttributeRow, type AttributeTable } from '../../../contract/attribute-table';
import { renderViolation, type RuleViolation } from '../../../contract/rules';
import { tagBindingCountProblem, tagBindingKeyProblem, tagBindingValueProblem } from '../../../contract/tag-binding';
import { WORKSPACE_ATTRIBUTES, type WorkspaceUpdateValues } from '../../../contract/workspace-attributes';
import { checkWorkspace } from '../../../contract/workspace-rules';
import { error, warning, type AttributePath, type Diagnostic } from '../../protocol/diagnostics';
import { isWhollyKnown, type ObjectValue } from '../../protocol/values';
import { hclRows } from '../../table-schema';
import { workspaceModel } from './mapping';
import { PROVIDER_ATTRIBUTES, type WorkspaceModel } from './schema';

/**
 * The HCL path of a request pointer, through the table (either wire spelling):
 * `/data/attributes/vcs-repo/oauth-token-id` → ['vcs_repo', 'oauth_token_id']; as far as the
 * provider exposes it, else [] (the diagnostic then names no attribute).
 */
export function pathFromPointer(pointer: string): AttributePath {
  const parts = pointer.split('/').filter(Boolean);
  if (parts[0] !== 'data') return [];
  if (parts[1] === 'relationships') {
    if (parts[2] === 'tag-bindings') return [PROVIDER_ATTRIBUTES.tags.snake];
    const row = Object.values<AttributeRow>(WORKSPACE_ATTRIBUTES).find((r) => r.writeRelationship?.name === parts[2]);
    return row?.snake !== undefined ? [row.snake] : [];
  }
  if (parts[1] !== 'attributes') return [];
  // The longest known prefix: past it are list indexes or members the table does not have.
  for (let length = parts.length - 2; length > 0; length--) {
    const path = pathFromWire(WORKSPACE_ATTRIBUTES, parts.slice(2, 2 + length));
    if (!path) continue;
    const hcl = hclNamesAlong(path);
    if (hcl) return hcl;
  }
  return [];
}

/** The HCL names along a camelCase path, or undefined when a row on it has none. */
function hclNamesAlong(path: readonly string[]): string[] | undefined {
  const names: string[] = [];
  let table: AttributeTable | undefined = WORKSPACE_ATTRIBUTES;
  for (const key of path) {
    const row: AttributeRow | undefined = table?.[key];
    if (row?.snake === undefined) return undefined;
    names.push(row.snake);
    table = row.attributes;
  }
  return names;
}

/** A model's values as the spec's camelCase values: nulls (unset) and unknowns left out, blocks member by member. */
function specValues(table: AttributeTable, model: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { path, row } of hclRows(table)) {
    const v = model[path[0]];
    if (v === null || v === undefined) continue;
    out[path[0]] = row.kind === 'object' ? specValues(row.attributes ?? {}, v as Record<string, unknown>) : v;
  }
  return out;
}

/** The top-level attributes (camelCase) a violation names, in its path and its message. */
function namedAttributes(v: RuleViolation): string[] {
  return [v.path[0], ...[...v.message.matchAll(/\{([A-Za-z.]+)\}/g)].map((m) => m[1].split('.')[0])];
}

export function validateWorkspace(config: ObjectValue): Diagnostic[] {
  const model = workspaceModel(config);
  const values = specValues(WORKSPACE_ATTRIBUTES, model) as WorkspaceUpdateValues & { tagNames?: string[] };
  // Attributes written in the configuration but known only after apply.
  const unknown = new Set(
    hclRows(WORKSPACE_ATTRIBUTES)
      .filter(({ snake: name }) => config[name] !== undefined && !isWhollyKnown(config[name]))
      .map(({ path }) => path[0]),
  );
  const diags: Diagnostic[] = [];
  for (const v of checkWorkspace(values, 'create')) {
    if (namedAttributes(v).some((name) => unknown.has(name))) continue;
    const { name, detail } = renderViolation(WORKSPACE_ATTRIBUTES, v, 'snake');
    diags.push(error(`Invalid ${name}`, detail, name.split('.')));
  }
  return [...diags, ...tagBindingRules(model), ...providerRules(model)];
}

/** The spec's rules on key-value tag bindings, for `tags`. */
function tagBindingRules(model: WorkspaceModel): Diagnostic[] {
  const tagBindings = model.tags;
  if (!tagBindings) return [];
  const diags: Diagnostic[] = [];
  const count = tagBindingCountProblem(Object.keys(tagBindings).length);
  if (count !== undefined) diags.push(error('Too many tags', count.replace('{}', 'tags'), ['tags']));
  for (const [key, value] of Object.entries(tagBindings)) {
    const keyProblem = tagBindingKeyProblem(key);
    if (keyProblem !== undefined) diags.push(error('Invalid tag key', keyProblem.replace('{}', `tags key "${key}"`), ['tags', { key }]));
    const valueProblem = typeof value === 'string' ? tagBindingValueProblem(value) : undefined;
    if (valueProblem !== undefined) diags.push(error('Invalid tag value', valueProblem.replace('{}', `tags["${key}"]`), ['tags', { key }]));
  }
  return diags;
}

/** Rules of this provider: combinations the service accepts but that could never converge. */
function providerRules(model: WorkspaceModel): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const overwrites = model.settingOverwrites;
  if (overwrites?.executionMode === false && typeof model.executionMode === 'string') {
    diags.push(
      error(
        'Conflicting execution mode settings',
        'setting_overwrites.execution_mode = false makes the workspace follow the organization default, so execution_mode would be ignored; remove one of them.',
        ['execution_mode'],
      ),
    );
  }
  if (overwrites?.agentPool === false && typeof model.agentPoolId === 'string') {
    diags.push(
      error(
        'Conflicting agent pool settings',
        'setting_overwrites.agent_pool = false makes the workspace use the organization default pool, so agent_pool_id would be ignored; remove one of them.',
        ['agent_pool_id'],
      ),
    );
  }
  if (model.tags === null && model.ignoreAdditionalTags === true) {
    diags.push(
      warning('ignore_additional_tags has no effect', 'It only matters when tags is set; without tags the resource leaves all bindings alone.', [
        'ignore_additional_tags',
      ]),
    );
  }
  if (model.organization === '') {
    diags.push(error('Invalid organization', 'organization must not be empty; leave it unset to use the provider default.', ['organization']));
  }
  return diags;
}
