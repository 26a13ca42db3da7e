// ValidateResourceConfig for `cdkws_workspace`: the spec's rules, from src/spec (the one source of
// truth the client and the service use too), reported at the offending attribute. Unknown values
// (known only after apply) are skipped, never guessed.
import { workspaceBody } from '../../client/workspace-types';
import {
  DEFAULT_ENGINE_RELEASES,
  TAG_BINDINGS_MAX_DIRECT,
  checkWorkspaceRules,
  attributeName,
  renderViolation,
  workspaceValuesFromWire,
  WORKSPACE_ATTRIBUTES,
  flatTagNameSchema,
  resolveEngineVersion,
  tagBindingKeySchema,
  tagBindingValueSchema,
  workspaceCreateBodySchema,
  type WorkspaceUpdateAttributes,
} from '../../spec';
import { error, warning, type AttributePath, type Diagnostic } from '../protocol/diagnostics';
import { isWhollyKnown, Unknown, type ObjectValue } from '../protocol/values';
import { bool, createOptions, obj, str, strings } from './workspace-mapping';

const snake = (kebab: string) => kebab.replace(/-/g, '_');

/** `/data/attributes/vcs-repo/oauth-token-id` → ['vcs_repo', 'oauth_token_id']. */
export function pathFromPointer(pointer: string): AttributePath {
  const parts = pointer.split('/').filter(Boolean);
  if (parts[0] === 'data' && parts[1] === 'relationships') {
    return parts[2] === 'tag-bindings' ? ['tags'] : parts[2] === 'project' ? ['project_id'] : [];
  }
  if (parts[0] === 'data' && parts[1] === 'attributes') return parts.slice(2, 4).map(snake);
  return [];
}

function titleFor(path: AttributePath): string {
  return path.length > 0 ? `Invalid ${path.join('.')}` : 'Invalid workspace configuration';
}

// Rules about these attributes need all of them known to be judged.
const MODE_GROUP = ['execution_mode', 'agent_pool_id', 'setting_overwrites'];

export function validateWorkspace(config: ObjectValue): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const body = workspaceBody(createOptions(config));
  const parsed = workspaceCreateBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = pathFromPointer(`/${issue.path.join('/')}`);
      // An empty name unknown until apply is fine; an empty known name is not.
      if (path[0] === 'name' && config.name === Unknown) continue;
      diags.push(error(titleFor(path), issue.message, path));
    }
  } else {
    const modeUnknown = MODE_GROUP.some((k) => !isWhollyKnown(config[k]));
    const vcsUnknown = !isWhollyKnown(config.vcs_repo);
    const attributes = parsed.data.data.attributes as WorkspaceUpdateAttributes;
    for (const v of checkWorkspaceRules(workspaceValuesFromWire(attributes), 'create')) {
      const path = attributeName(WORKSPACE_ATTRIBUTES, v.path, 'snake').split('.');
      if (modeUnknown && (MODE_GROUP.includes(String(path[0])) || path[0] === 'operations')) continue;
      if (vcsUnknown && path[0] === 'vcs_repo') continue;
      diags.push(error(titleFor(path), renderViolation(WORKSPACE_ATTRIBUTES, v, 'snake').detail, path));
    }
  }
  diags.push(...providerRules(config));
  return diags;
}

/** Rules of this provider: combinations the service accepts but that could never converge. */
function providerRules(config: ObjectValue): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const so = obj(config.setting_overwrites);
  if (so && so.execution_mode === false && str(config.execution_mode) !== null) {
    diags.push(
      error(
        'Conflicting execution mode settings',
        'setting_overwrites.execution_mode = false makes the workspace follow the organization default, so execution_mode would be ignored; remove one of them.',
        ['execution_mode'],
      ),
    );
  }
  if (so && so.agent_pool === false && str(config.agent_pool_id) !== null) {
    diags.push(
      error(
        'Conflicting agent pool settings',
        'setting_overwrites.agent_pool = false makes the workspace use the organization default pool, so agent_pool_id would be ignored; remove one of them.',
        ['agent_pool_id'],
      ),
    );
  }
  const engine = str(config.engine_version);
  if (engine !== null && engine !== 'latest' && resolveEngineVersion(engine, [...DEFAULT_ENGINE_RELEASES, '0.0.0', '9999.0.0']) === undefined) {
    diags.push(error('Invalid engine_version', `"${engine}" is neither a version (X.Y.Z) nor a version constraint such as "~> 1.6".`, ['engine_version']));
  }
  for (const name of strings(config.tag_names) ?? []) {
    const r = flatTagNameSchema.safeParse(name);
    if (!r.success) diags.push(error('Invalid tag_names', `"${name}": ${r.error.issues[0].message}`, ['tag_names']));
    // The service stores names lowercased: any other spelling would plan a change for ever.
    else if (name !== name.toLowerCase()) diags.push(error('Invalid tag_names', `"${name}": tag names are stored lowercased; write "${name.toLowerCase()}".`, ['tag_names']));
  }
  const tags = obj(config.tags);
  if (tags) {
    const keys = Object.keys(tags);
    if (keys.length > TAG_BINDINGS_MAX_DIRECT) {
      diags.push(error('Too many tags', `A workspace can have at most ${TAG_BINDINGS_MAX_DIRECT} tag bindings of its own; ${keys.length} are given.`, ['tags']));
    }
    for (const [key, value] of Object.entries(tags)) {
      const k = tagBindingKeySchema.safeParse(key);
      if (!k.success) diags.push(error('Invalid tag key', `"${key}": ${k.error.issues[0].message}`, ['tags', { key }]));
      if (typeof value === 'string') {
        const v = tagBindingValueSchema.safeParse(value);
        if (!v.success) diags.push(error('Invalid tag value', `tags["${key}"]: ${v.error.issues[0].message}`, ['tags', { key }]));
      }
    }
  } else if (config.tags === null && bool(config.ignore_additional_tags) === true) {
    diags.push(warning('ignore_additional_tags has no effect', 'It only matters when tags is set; without tags the resource leaves all bindings alone.', ['ignore_additional_tags']));
  }
  if (config.organization !== null && config.organization !== Unknown && str(config.organization) === '') {
    diags.push(error('Invalid organization', 'organization must not be empty; leave it unset to use the provider default.', ['organization']));
  }
  return diags;
}
