// PlanResourceChange for `cdkws_workspace`: defaults for unset attributes (so an unset attribute
// never plans a change), the organization default from the provider block, and "known after apply"
// for exactly the computed values an update will change.
import { DiagnosticError, type AttributePath } from '../../protocol/diagnostics';
import type { PlanRequest, PlanResult } from '../../protocol/types';
import { Unknown, valuesEqual, type ObjectValue, type Value } from '../../protocol/values';
import { changedAttributes } from './mapping';
import { planDefaults } from './schema';

const isSet = (v: Value | undefined) => v !== null && v !== undefined;
const obj = (v: Value | undefined): ObjectValue | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null);

// The spec's defaults (and the provider's own), computed once per process.
const DEFAULTS = planDefaults();

export function planWorkspace(req: PlanRequest, defaultOrganization: string | null): PlanResult {
  const { prior, config } = req;
  const planned: ObjectValue = { ...req.planned };
  const requiresReplace: AttributePath[] = [...req.requiresReplace];

  if (!isSet(config.organization)) {
    if (defaultOrganization) planned.organization = defaultOrganization;
    else if (prior && isSet(prior.organization)) planned.organization = prior.organization;
    else {
      throw new DiagnosticError(
        'Missing organization',
        'Set organization on this resource, or organization in the provider "cdkws" block (or CDKWS_ORGANIZATION).',
        ['organization'],
      );
    }
    if (prior && !valuesEqual(prior.organization, planned.organization) && !requiresReplace.some((p) => p[0] === 'organization')) {
      requiresReplace.push(['organization']);
    }
  }

  for (const [name, value] of Object.entries(DEFAULTS.top)) {
    if (!isSet(config[name])) planned[name] = Array.isArray(value) ? [...(value as Value[])] : (value as Value);
  }
  for (const [block, defaults] of Object.entries(DEFAULTS.nested)) {
    const planBlock = obj(planned[block]);
    const configBlock = obj(config[block]);
    if (!planBlock || !configBlock) continue;
    const filled: ObjectValue = { ...planBlock };
    for (const [name, value] of Object.entries(defaults)) if (!isSet(configBlock[name])) filled[name] = value as Value;
    planned[block] = filled;
  }

  if (prior && requiresReplace.length === 0) markDerivedUnknown(prior, planned, config);
  return { planned, requiresReplace };
}

/** On update: computed values that the change will alter become unknown; the rest stay as they are. */
function markDerivedUnknown(prior: ObjectValue, planned: ObjectValue, config: ObjectValue): void {
  const changed = new Set(changedAttributes(prior, planned));
  const unset = (name: string) => !isSet(config[name]);
  if (changed.has('name')) planned.html_url = Unknown;
  if (changed.has('tags') || changed.has('project_id') || planned.tags === Unknown) planned.effective_tags = Unknown;

  const modeChanged = ['execution_mode', 'agent_pool_id', 'setting_overwrites'].some((k) => changed.has(k) || planned[k] === Unknown);
  if (modeChanged) {
    for (const name of ['execution_mode', 'agent_pool_id']) if (unset(name)) planned[name] = Unknown;
    const so = obj(planned.setting_overwrites);
    const soConfig = obj(config.setting_overwrites);
    if (so && soConfig) {
      planned.setting_overwrites = {
        execution_mode: isSet(soConfig.execution_mode) ? so.execution_mode : Unknown,
        agent_pool: isSet(soConfig.agent_pool) ? so.agent_pool : Unknown,
      };
    }
  }
  // The service turns assessments off when the mode or engine no longer allows them.
  if ((modeChanged || changed.has('engine_version')) && unset('assessments_enabled')) planned.assessments_enabled = Unknown;
}
