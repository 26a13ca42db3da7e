// The schema of the `cdkws_workspaces` data source, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const WORKSPACES_FILTERS = {
  organization: { snake: 'organization', type: 'string', optional: true, computed: true, description: "Defaults to the provider's organization." },
  searchName: { snake: 'search_name', type: 'string', optional: true, description: 'Case-insensitive substring of the name.' },
  wildcardName: { snake: 'wildcard_name', type: 'string', optional: true, description: 'Name pattern with `*` at the start, the end or both.' },
  tagNames: { snake: 'tag_names', type: ['set', 'string'], optional: true, description: 'Flat tags a workspace must all carry.' },
  excludeTagNames: { snake: 'exclude_tag_names', type: ['set', 'string'], optional: true, description: 'Flat tags a workspace must carry none of.' },
  tagBindings: {
    snake: 'tag_bindings',
    type: ['map', 'string'],
    optional: true,
    description: 'Key-value tags a workspace must all carry; an empty value matches any value of the key.',
  },
  projectId: { snake: 'project_id', type: 'string', optional: true, description: 'Only workspaces of this project.' },
  ids: { snake: 'ids', type: ['map', 'string'], computed: true, description: 'Workspace ID by name.' },
  names: { snake: 'names', type: ['list', 'string'], computed: true, description: 'Workspace names, sorted.' },
} as const satisfies NamedAttributes;

export const workspacesDataSourceSchema: Schema = {
  description: 'Lists the workspaces of an organization that match every filter given.',
  attributes: hclAttributes(WORKSPACES_FILTERS),
};

export const workspacesDataSourceNames = modelNamesOf(WORKSPACES_FILTERS);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const workspacesDataSourceRegistration = {
  type: 'cdkws_workspaces',
  schema: workspacesDataSourceSchema,
  hooks: [{ from: './workspaces', export: 'workspacesDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
