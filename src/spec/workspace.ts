// The workspace: wire schemas derived from its attribute table, and what the spec says of its
// documents (spec "Workspace", "Create a workspace", "Update a workspace"; decisions 16, 23).
import { z } from 'zod';
import { requestAttributesSchema, responseAttributesSchema, ruleSchema } from './attribute-schemas';
import { fromWireAttributes, wireDefaultsOf, type WireCreateValues, type WireReadValues, type WireUpdateValues } from './attribute-table';
import { relationshipSchema, paginationSchema, paginationLinksSchema } from './jsonapi';
import { PERMISSION_KEYS } from './permissions';
import { WORKSPACE_VALUE_RULES, workspaceNameRule } from './rules';
import { tagBindingInputSchema } from './tag-binding';
import { WORKSPACE_ATTRIBUTES, type WorkspaceUpdateValues } from './workspace-attributes';

export const WORKSPACE_TYPE = 'workspaces';
/**
 * The hosted service's wire name for `engine-version`: accepted on create and update (real clients
 * send it) and answered beside it in workspace documents.
 */
export const ENGINE_VERSION_WIRE_ALIAS = 'terraform-version';

/** `name` as the service checks it (the rule in words: rules.ts). */
export const workspaceNameSchema = ruleSchema(workspaceNameRule, 'name');

type WorkspaceTable = typeof WORKSPACE_ATTRIBUTES;
type EngineVersionAlias = { [ENGINE_VERSION_WIRE_ALIAS]?: string };
export type WorkspaceUpdateAttributes = WireUpdateValues<WorkspaceTable> & EngineVersionAlias;
export type WorkspaceCreateAttributes = WireCreateValues<WorkspaceTable> & EngineVersionAlias & { name: string };
export type VcsRepoInput = NonNullable<WorkspaceUpdateAttributes['vcs-repo']>;

const aliasShape = { [ENGINE_VERSION_WIRE_ALIAS]: z.string().optional() };
export const workspaceUpdateAttributesSchema = requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'update', WORKSPACE_VALUE_RULES).extend(
  aliasShape,
) as unknown as z.ZodType<WorkspaceUpdateAttributes>;
export const workspaceCreateAttributesSchema = requestAttributesSchema(WORKSPACE_ATTRIBUTES, 'create', WORKSPACE_VALUE_RULES).extend({
  ...aliasShape,
  name: workspaceNameSchema,
}) as unknown as z.ZodType<WorkspaceCreateAttributes>;

const projectRelationshipSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string().optional() }).nullable(),
});

const workspaceRelationshipsInputSchema = z.looseObject({
  project: projectRelationshipSchema.optional(),
  'tag-bindings': z.looseObject({ data: z.array(tagBindingInputSchema) }).optional(),
});

export const workspaceCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: workspaceCreateAttributesSchema,
    relationships: workspaceRelationshipsInputSchema.optional(),
  }),
});
export type WorkspaceCreateBody = z.infer<typeof workspaceCreateBodySchema>;

export const workspaceUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: workspaceUpdateAttributesSchema.optional(),
    relationships: workspaceRelationshipsInputSchema.optional(),
  }),
});
export type WorkspaceUpdateBody = z.infer<typeof workspaceUpdateBodySchema>;

export const workspaceLockBodySchema = z.looseObject({ reason: z.string().optional() });

export const sshKeyAssignBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: z.looseObject({ id: z.string().min(1).nullable() }),
  }),
});

/** The engine version a create or update asks for, under either of its wire names. */
export function requestedEngineVersion(attributes: WorkspaceUpdateAttributes): string | undefined {
  return attributes['engine-version'] ?? attributes[ENGINE_VERSION_WIRE_ALIAS];
}

/**
 * Wire attributes → the camelCase values the rules take. The alias of engine-version counts as
 * engine-version when only it is given.
 */
export function workspaceValuesFromWire(attributes: WorkspaceUpdateAttributes): WorkspaceUpdateValues {
  const values = fromWireAttributes(WORKSPACE_ATTRIBUTES, attributes) as WorkspaceUpdateValues;
  const alias = attributes[ENGINE_VERSION_WIRE_ALIAS];
  if (values.engineVersion === undefined && alias !== undefined) values.engineVersion = alias;
  return values;
}

/** The alias and engine-version given with different values: one violation, in wire words. */
export function engineVersionAliasConflict(attributes: WorkspaceUpdateAttributes): string | undefined {
  const alias = attributes[ENGINE_VERSION_WIRE_ALIAS];
  const given = attributes['engine-version'];
  if (alias === undefined || given === undefined || alias === given) return undefined;
  return `engine-version "${given}" and ${ENGINE_VERSION_WIRE_ALIAS} "${alias}" name the same setting with different values; give one of them`;
}

// ---- Response document --------------------------------------------------------------------

export type WorkspaceAttributes = WireReadValues<WorkspaceTable> & {
  name: string;
  actions?: { 'is-destroyable': boolean };
  [ENGINE_VERSION_WIRE_ALIAS]?: string;
  permissions?: Partial<Record<(typeof PERMISSION_KEYS)[number], boolean>>;
  [member: string]: unknown;
};

export const workspaceAttributesSchema = responseAttributesSchema(WORKSPACE_ATTRIBUTES).extend({
  name: z.string(),
  actions: z.looseObject({ 'is-destroyable': z.boolean() }).optional(),
  [ENGINE_VERSION_WIRE_ALIAS]: z.string().optional(),
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
