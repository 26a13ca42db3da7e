// The `cdkws_workspace` schema: every workspace attribute of the spec's table that has an HCL name
// (table-schema.ts derives type, flags and description from its row), plus what only the provider
// has (PROVIDER_ATTRIBUTES). Plain data only: this file is loaded at every provider start, before
// the handshake.
import type { Schema } from '../../protocol/schema';
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import type { ReadValues } from '../../../contract/attribute-table';
import { hclAttributes, modelNamesOf, type Known, type ModelNames, type ModelOf, type NamedAttributes } from '../../resource';
import { resourceBlock, tableModelNames, type Overrides } from '../../table-schema';

/** Attributes of the resource that are not the service's (the provider's own settings and observations), keyed by model name. */
export const PROVIDER_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: 'Workspace ID (ws-…).' },
  organization: {
    snake: 'organization',
    type: 'string',
    optional: true,
    computed: true,
    requiresReplace: true,
    plan: { fromProvider: { setting: 'organization', environment: 'CDKWS_ORGANIZATION' } },
    description: "Organization name; defaults to the provider's organization. Changing it replaces the workspace.",
  },
  sshKeyId: { snake: 'ssh_key_id', type: 'string', optional: true, description: 'SSH key (sshkey-…) for private modules.' },
  forceDelete: {
    snake: 'force_delete',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: 'Delete even while the workspace manages resources (needs an owner). Default false: safe delete.',
  },
  tags: {
    snake: 'tags',
    type: ['map', 'string'],
    optional: true,
    description: 'Key-value tag bindings of the workspace itself. Unset leaves bindings alone (for cdkws_tag_binding); set manages them exactly.',
  },
  ignoreAdditionalTags: {
    snake: 'ignore_additional_tags',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: 'With tags set: leave keys not listed in tags alone. Default false.',
  },
  effectiveTags: {
    snake: 'effective_tags',
    type: ['map', 'string'],
    computed: true,
    plan: { derivedFrom: ['tags', 'projectId'], knownChangesOnly: ['projectId'] },
    description: 'Own plus project-inherited tag bindings.',
  },
  htmlUrl: {
    snake: 'html_url',
    type: 'string',
    computed: true,
    plan: { derivedFrom: ['name'], knownChangesOnly: ['name'] },
    description: "The workspace's page in the service's UI.",
  },
} as const satisfies NamedAttributes;

/** Where the schema departs from what the rows alone give (keyed by camelCase path), and why. */
const OVERRIDES: Overrides = {
  // The service reports both whatever the configuration says, so they are computed too.
  'settingOverwrites.executionMode': { computed: true },
  'settingOverwrites.agentPool': { computed: true },
  // Answered only by the workspace API, but the provider sets flat tags through the tag endpoints;
  // a set, because the service keeps no order.
  tagNames: { type: ['set', 'string'], optional: true, computed: true, description: 'Flat (legacy) tags, stored lowercased. Unset leaves the tags alone.' },
};

const fromTable = resourceBlock(WORKSPACE_ATTRIBUTES, OVERRIDES);

export const workspaceSchema: Schema = {
  version: 0,
  description: 'A workspace of the workspace service. Updates lock the workspace; deletes are safe deletes unless force_delete is true.',
  attributes: { ...fromTable.attributes, ...hclAttributes(PROVIDER_ATTRIBUTES) },
  blocks: {
    ...fromTable.blocks,
    vcs_repo: { ...fromTable.blocks.vcs_repo, block: { ...fromTable.blocks.vcs_repo.block, description: 'VCS repository; removing the block detaches it.' } },
  },
};

/** The model name of every attribute and block: the table's keys, and the provider's own. */
export const workspaceNames: ModelNames = { ...tableModelNames(WORKSPACE_ATTRIBUTES), ...modelNamesOf(PROVIDER_ATTRIBUTES) };

type Table = typeof WORKSPACE_ATTRIBUTES;
type HclKeys = { [K in keyof Table]: Table[K] extends { snake: string } ? K : never }[keyof Table];

/**
 * A `cdkws_workspace` configuration, plan or state as hooks read it (decoded by `decodeModel`):
 * the table's rows by camelCase name, typed as the spec types them, plus the provider's own.
 */
export type WorkspaceModel = ModelOf<typeof PROVIDER_ATTRIBUTES> & { -readonly [K in HclKeys]: Known<NonNullable<ReadValues<Table>[K]>> };
