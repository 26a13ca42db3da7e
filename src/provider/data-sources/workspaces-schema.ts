// The schema of the `cdkws_workspaces` data source, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../protocol/schema';

export const workspacesDataSourceSchema = {
  description: 'Lists the workspaces of an organization that match every filter given.',
  attributes: {
    organization: { type: 'string', optional: true, computed: true, description: "Defaults to the provider's organization." },
    search_name: { type: 'string', optional: true, description: 'Case-insensitive substring of the name.' },
    wildcard_name: { type: 'string', optional: true, description: 'Name pattern with `*` at the start, the end or both.' },
    tag_names: { type: ['set', 'string'], optional: true, description: 'Flat tags a workspace must all carry.' },
    exclude_tag_names: { type: ['set', 'string'], optional: true, description: 'Flat tags a workspace must carry none of.' },
    tag_bindings: {
      type: ['map', 'string'],
      optional: true,
      description: 'Key-value tags a workspace must all carry; an empty value matches any value of the key.',
    },
    project_id: { type: 'string', optional: true, description: 'Only workspaces of this project.' },
    ids: { type: ['map', 'string'], computed: true, description: 'Workspace ID by name.' },
    names: { type: ['list', 'string'], computed: true, description: 'Workspace names, sorted.' },
  },
} as const satisfies Schema;
