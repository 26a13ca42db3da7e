// The schema of `cdkws_tag_binding`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../protocol/schema';

export const tagBindingSchema = {
  description: 'One key-value tag binding of a workspace. Several bindings of one workspace may be managed side by side; keys not managed here are left alone.',
  attributes: {
    id: { type: 'string', computed: true, description: '`<workspace_id>/<key>`.' },
    workspace_id: { type: 'string', required: true, requiresReplace: true, description: 'ID of the workspace (`ws-…`).' },
    key: {
      type: 'string',
      required: true,
      requiresReplace: true,
      description: 'At most 128 letters, numbers and `_ . = + - @ :`; not starting with `hc:` or `hcp:`.',
    },
    value: { type: 'string', optional: true, description: 'At most 256 letters, numbers and `_ . = + - @ :`. Unset means the empty value.' },
  },
} as const satisfies Schema;
