// The organization's settings go-tfe sets through create and update (default execution mode,
// force delete, commit statuses, …) and the default agent pool relationship. They live in the
// directory's `settings`, where the bootstrap file puts the same ones, under the bootstrap's
// names: the workspace rules read them there.
import { ERRORS, type OrganizationUpdateAttributes } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError } from '../errors';

type Settings = DirectoryOrganization['settings'];

/** Wire attribute → the settings key that holds it (the bootstrap file's name where it has one). */
const SETTING_KEYS = {
  'default-execution-mode': 'default-execution-mode',
  'allow-force-delete-workspaces': 'workspace-admins-can-force-delete',
  'assessments-enforced': 'assessments-enforced',
  'aggregated-commit-status-enabled': 'aggregated-commit-status-enabled',
  'speculative-plan-management-enabled': 'speculative-plan-management-enabled',
  'send-passing-statuses-for-untriggered-speculative-plans': 'send-passing-statuses-for-untriggered-speculative-plans',
  'user-tokens-enabled': 'user-tokens-enabled',
} as const satisfies Partial<Record<keyof OrganizationUpdateAttributes, string>>;

type SettingAttribute = keyof typeof SETTING_KEYS;

/** What an organization answers for each setting it was never given. */
const SETTING_DEFAULTS: Record<SettingAttribute, string | boolean> = {
  'default-execution-mode': 'remote',
  'allow-force-delete-workspaces': false,
  'assessments-enforced': false,
  'aggregated-commit-status-enabled': false,
  'speculative-plan-management-enabled': true,
  'send-passing-statuses-for-untriggered-speculative-plans': false,
  'user-tokens-enabled': true,
};

/** The settings as the organization's document answers them, by wire name. */
export function settingAttributes(settings: Settings): Record<SettingAttribute, unknown> {
  const out = {} as Record<SettingAttribute, unknown>;
  for (const [wire, key] of Object.entries(SETTING_KEYS) as Array<[SettingAttribute, string]>) {
    out[wire] = (settings as Record<string, unknown>)[key] ?? SETTING_DEFAULTS[wire];
  }
  return out;
}

/** The relationship a create or update sends, if any: `undefined` when absent, `null` to clear it. */
export function requestedDefaultAgentPool(body: { data: Record<string, unknown> }): string | null | undefined {
  const relationships = body.data.relationships as Record<string, { data?: { id?: unknown } | null } | undefined> | undefined;
  const relationship = relationships?.['default-agent-pool'];
  if (!relationship || !('data' in relationship)) return undefined;
  if (relationship.data === null) return null;
  const id = relationship.data?.id;
  if (typeof id !== 'string' || id === '') {
    throw new ServiceError(ERRORS.invalidAttribute, 'the default agent pool relationship needs the ID of an agent pool', {
      source: { pointer: '/data/relationships/default-agent-pool/data/id' },
    });
  }
  return id;
}

/** The settings with the request's attributes and default agent pool applied (absent ones kept). */
export function updatedSettings(
  organization: DirectoryOrganization,
  attributes: OrganizationUpdateAttributes,
  defaultAgentPool: string | null | undefined,
): Settings {
  const settings: Record<string, unknown> = { ...organization.settings };
  for (const [wire, key] of Object.entries(SETTING_KEYS) as Array<[SettingAttribute, string]>) {
    const value = attributes[wire];
    if (value !== undefined && value !== null) settings[key] = value;
  }
  // The default agent pool goes with the agent execution mode: named only with it, dropped without it.
  const pointer = { source: { pointer: '/data/relationships/default-agent-pool/data/id' } };
  if (settings['default-execution-mode'] !== 'agent') {
    if (typeof defaultAgentPool === 'string') {
      throw new ServiceError(ERRORS.invalidAttribute, "the default agent pool must not be specified unless using 'agent' execution mode", pointer);
    }
    delete settings['default-agent-pool-id'];
    return settings;
  }
  if (defaultAgentPool !== undefined) {
    if (defaultAgentPool !== null && !organization.agentPools.some((pool) => pool.id === defaultAgentPool)) {
      throw new ServiceError(ERRORS.invalidAttribute, `agent pool "${defaultAgentPool}" is not an agent pool of organization "${organization.name}"`, pointer);
    }
    if (defaultAgentPool === null) delete settings['default-agent-pool-id'];
    else settings['default-agent-pool-id'] = defaultAgentPool;
  }
  if (!settings['default-agent-pool-id']) {
    throw new ServiceError(ERRORS.invalidAttribute, "the 'agent' execution mode needs a default agent pool (relationships.default-agent-pool)", pointer);
  }
  return settings;
}
