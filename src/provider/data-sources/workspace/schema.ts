// The schema of the `cdkws_workspace` data source: every workspace attribute of the spec's table
// that has an HCL name, computed, plus the provider's own. Plain data: loaded at provider start.
import type { Attribute, Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import { computedAttributes } from '../../table-schema';

// Configuration-only settings the data source does not report (camelCase paths of the table).
const NOT_REPORTED = new Set(['settingOverwrites', 'vcsRepo.vcsappInstallationId']);

/** The provider's own attributes of the data source. */
const PROVIDER_ATTRIBUTES = {
  id: { type: 'string', computed: true, description: 'Workspace ID (ws-…).' },
  name: { type: 'string', required: true, description: 'The workspace name.' },
  organization: { type: 'string', optional: true, computed: true, description: "Defaults to the provider's organization." },
  tags: { type: ['map', 'string'], computed: true, description: "The workspace's own key-value tag bindings." },
  effective_tags: { type: ['map', 'string'], computed: true, description: 'Own tag bindings plus those inherited from the project.' },
  ssh_key_id: { type: 'string', computed: true, description: 'SSH key (sshkey-…) for private modules.' },
} as const satisfies Record<string, Attribute>;

export const workspaceDataSourceSchema: Schema = {
  description: 'Reads one workspace by name.',
  attributes: {
    ...computedAttributes(WORKSPACE_ATTRIBUTES, NOT_REPORTED),
    ...PROVIDER_ATTRIBUTES,
    tag_names: { type: ['set', 'string'], computed: true, description: 'Flat tags, stored lowercased.' },
  },
};

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const workspaceDataSourceRegistration = {
  type: 'cdkws_workspace',
  schema: workspaceDataSourceSchema,
  hooks: [{ from: './workspace', export: 'workspaceDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
