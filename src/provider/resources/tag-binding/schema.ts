// The schema of `cdkws_tag_binding`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const TAG_BINDING_RESOURCE_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: '`<workspace_id>/<key>`.' },
  workspaceId: { snake: 'workspace_id', type: 'string', required: true, requiresReplace: true, description: 'ID of the workspace (`ws-…`).' },
  key: {
    snake: 'key',
    type: 'string',
    required: true,
    requiresReplace: true,
    description: 'At most 128 letters, numbers and `_ . = + - @ :`; not starting with `hc:` or `hcp:`.',
  },
  value: { snake: 'value', type: 'string', optional: true, description: 'At most 256 letters, numbers and `_ . = + - @ :`. Unset means the empty value.' },
} as const satisfies NamedAttributes;

export const tagBindingSchema: Schema = {
  description: 'One key-value tag binding of a workspace. Several bindings of one workspace may be managed side by side; keys not managed here are left alone.',
  attributes: hclAttributes(TAG_BINDING_RESOURCE_ATTRIBUTES),
};

export const tagBindingNames = modelNamesOf(TAG_BINDING_RESOURCE_ATTRIBUTES);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const tagBindingRegistration = {
  type: 'cdkws_tag_binding',
  schema: tagBindingSchema,
  hooks: [{ from: './tag-binding', export: 'tagBindingResource', names: ['validate', 'apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
