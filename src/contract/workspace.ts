// The workspace: wire schemas derived from its attribute table, and what the spec says of its
// documents (spec "Workspace", "Create a workspace", "Update a workspace"; decisions 16, 23).
import { z } from 'zod';
import { requestAttributesSchema, responseAttributesSchema, ruleSchema } from './attribute-schemas';
import { fromWireAttributes, wireDefaultsOf, type WireCreateValues, type WireDialect, type WireReadValues, type WireUpdateValues } from './attribute-table';
import { relationshipSchema, paginationSchema, paginationLinksSchema } from './jsonapi';
import { PERMISSION_KEYS } from './permissions';
import { WORKSPACE_VALUE_RULES, workspaceNameRule } from './rules';
import { flatTagInputSchema } from './tag';
import { tagBindingInputSchema } from './tag-binding';
import { WORKSPACE_ATTRIBUTES, type WorkspaceUpdateValues } from './workspace-attributes';

export const WORKSPACE_TYPE = 'workspaces';

/** `name` as the service checks it (the rule in words: rules.ts). */
export const workspaceNameSchema = ruleSchema(workspaceNameRule, 'name');

type WorkspaceTable = typeof WORKSPACE_ATTRIBUTES;
/** Create and update attributes by wire name: the document's names and the hosted service's (attribute-table `hosted`). */
export type WorkspaceUpdateAttributes = WireUpdateValues<WorkspaceTable>;
export type WorkspaceCreateAttributes = WireCreateValues<WorkspaceTable> & { name: string };
export type VcsRepoInput = NonNullable<WorkspaceUpdateAttributes['vcs-repo']>;

const updateAttributesSchema = (dialect: WireDialect) =>
  requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'update', WORKSPACE_VALUE_RULES, undefined, dialect) as unknown as z.ZodType<WorkspaceUpdateAttributes>;
const createAttributesSchema = (dialect: WireDialect) =>
  requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'create', WORKSPACE_VALUE_RULES, undefined, dialect).extend({
    name: workspaceNameSchema,
  }) as unknown as z.ZodType<WorkspaceCreateAttributes>;
export const workspaceUpdateAttributesSchema = updateAttributesSchema('both');
export const workspaceCreateAttributesSchema = createAttributesSchema('both');

const projectRelationshipSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string().optional() }).nullable(),
});

const workspaceRelationshipsInputSchema = z.looseObject({
  project: projectRelationshipSchema.optional(),
  'tag-bindings': z.looseObject({ data: z.array(tagBindingInputSchema) }).optional(),
  /** Flat tags by name or ID, as go-tfe sends `Tags` on create (each created in the organization when new). */
  tags: z.looseObject({ data: z.array(flatTagInputSchema).max(100, 'at most 100 tags per request') }).optional(),
});

const createBodySchema = (attributes: z.ZodType<WorkspaceCreateAttributes>) =>
  z.looseObject({
    data: z.looseObject({
      type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
      attributes,
      relationships: workspaceRelationshipsInputSchema.optional(),
    }),
  });
const updateBodySchema = (attributes: z.ZodType<WorkspaceUpdateAttributes>) =>
  z.looseObject({
    data: z.looseObject({
      type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
      attributes: attributes.optional(),
      relationships: workspaceRelationshipsInputSchema.optional(),
    }),
  });

export const workspaceCreateBodySchema = createBodySchema(workspaceCreateAttributesSchema);
export type WorkspaceCreateBody = z.infer<typeof workspaceCreateBodySchema>;
export const workspaceUpdateBodySchema = updateBodySchema(workspaceUpdateAttributesSchema);
export type WorkspaceUpdateBody = z.infer<typeof workspaceUpdateBodySchema>;

/** The create and update bodies a service accepts in each wire dialect (`cdkws serve --dialect`). */
export const WORKSPACE_BODY_SCHEMAS: Readonly<Record<WireDialect, { create: typeof workspaceCreateBodySchema; update: typeof workspaceUpdateBodySchema }>> = {
  both: { create: workspaceCreateBodySchema, update: workspaceUpdateBodySchema },
  hosted: { create: createBodySchema(createAttributesSchema('hosted')), update: updateBodySchema(updateAttributesSchema('hosted')) },
};

export const workspaceLockBodySchema = z.looseObject({ reason: z.string().optional() });

export const sshKeyAssignBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: z.looseObject({ id: z.string().min(1).nullable() }),
  }),
});

/** Wire attributes (the document's names) → the camelCase values the rules take. */
export function workspaceValuesFromWire(attributes: WorkspaceUpdateAttributes): WorkspaceUpdateValues {
  return fromWireAttributes(WORKSPACE_ATTRIBUTES, attributes);
}

// ---- Response document --------------------------------------------------------------------

export type WorkspaceAttributes = WireReadValues<WorkspaceTable> & {
  name: string;
  actions?: { 'is-destroyable': boolean };
  permissions?: Partial<Record<(typeof PERMISSION_KEYS)[number], boolean>>;
  [member: string]: unknown;
};

export const workspaceAttributesSchema = responseAttributesSchema(WORKSPACE_ATTRIBUTES).extend({
  name: z.string(),
  actions: z.looseObject({ 'is-destroyable': z.boolean() }).optional(),
  permissions: z.looseObject(Object.fromEntries(PERMISSION_KEYS.map((k) => [k, z.boolean().optional()]))).optional(),
}) as unknown as z.ZodType<WorkspaceAttributes>;

export const workspaceResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(WORKSPACE_TYPE),
  attributes: workspaceAttributesSchema,
  relationships: z.record(z.string(), relationshipSchema).optional(),
  links: z.record(z.string(), z.string()).optional(),
});
export type WorkspaceResource = z.infer<typeof workspaceResourceSchema>;

export const workspaceDocumentSchema = z.looseObject({
  data: workspaceResourceSchema,
  included: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
});

export const workspaceListDocumentSchema = z.looseObject({
  data: z.array(workspaceResourceSchema),
  included: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** Values of a new workspace for attributes the request leaves out, by wire name (spec create table). */
export const WORKSPACE_DEFAULTS: Readonly<Record<string, unknown>> = wireDefaultsOf(WORKSPACE_ATTRIBUTES);

/** Allowed `include` values on GET endpoints returning workspaces. */
export const WORKSPACE_INCLUDES = [
  'current_configuration_version',
  'current_configuration_version.ingress_attributes',
  'current_run',
  'current_run.configuration_version',
  'current_run.configuration_version.ingress_attributes',
  'current_run.plan',
  'locked_by',
  'organization',
  'outputs',
  'project',
  'readme',
] as const;

export const WORKSPACE_SORT_FIELDS = ['name', 'current-run.created-at', 'latest-change-at'] as const;
