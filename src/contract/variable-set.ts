// Variable sets (type `varsets`): variables shared by many workspaces, applied to all of the
// organization's workspaces (`global`), or to chosen workspaces and projects. A `priority` set's
// values win over the workspace's own. A set's variables are `vars` (variable.ts) whose
// relationship is `varset` instead of `configurable`.
import { z } from 'zod';
import { requestAttributesSchema } from './attribute-schemas';
import type { AttributeTable, CreateValues, ReadValues, UpdateValues } from './attribute-table';
import { paginationLinksSchema, paginationSchema, relationshipSchema } from './jsonapi';
import { variableResourceSchema } from './variable';

export const VARIABLE_SET_TYPE = 'varsets';
export const VARIABLE_SET_ID_PREFIX = 'varset-';
export const VARIABLE_SET_NAME_MAX_LENGTH = 128;
export const VARIABLE_SET_DESCRIPTION_MAX_LENGTH = 512;
/** The most workspaces or projects one apply or remove request names. */
export const VARIABLE_SET_TARGETS_MAX = 1000;
/** What `include` may name on a set's reads (`vars`, `workspaces`, `projects` are answered with records). */
export const VARIABLE_SET_INCLUDES = ['workspaces', 'projects', 'vars'] as const;

export const VARIABLE_SET_ATTRIBUTES = {
  name: {
    wire: 'name',
    snake: 'name',
    kind: 'string',
    create: true,
    update: true,
    description: 'The set’s name, unique in the organization.',
  },
  description: {
    wire: 'description',
    snake: 'description',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    update: true,
    description: 'What the set is for, at most 512 characters.',
  },
  global: {
    wire: 'global',
    snake: 'global',
    kind: 'boolean',
    default: false,
    create: true,
    update: true,
    description: 'Applied to every workspace of the organization (then it is applied to none by name).',
  },
  priority: {
    wire: 'priority',
    snake: 'priority',
    kind: 'boolean',
    default: false,
    create: true,
    update: true,
    description: 'The set’s values win over the workspace’s own variables of the same key and category.',
  },
  updatedAt: { wire: 'updated-at', kind: 'timestamp', description: 'When the set or its variables last changed.' },
  varCount: { wire: 'var-count', kind: 'number', description: 'How many variables the set holds.' },
  workspaceCount: { wire: 'workspace-count', kind: 'number', description: 'How many workspaces it is applied to by name.' },
  projectCount: { wire: 'project-count', kind: 'number', description: 'How many projects it is applied to.' },
} as const satisfies AttributeTable;

export type VariableSetCreateValues = CreateValues<typeof VARIABLE_SET_ATTRIBUTES>;
export type VariableSetUpdateValues = UpdateValues<typeof VARIABLE_SET_ATTRIBUTES>;
export type VariableSetReadValues = ReadValues<typeof VARIABLE_SET_ATTRIBUTES>;

export function variableSetNameProblem(name: string): string | undefined {
  if (name.trim().length === 0) return '{} must not be empty';
  if (name.length > VARIABLE_SET_NAME_MAX_LENGTH) return `{} must be at most ${VARIABLE_SET_NAME_MAX_LENGTH} characters`;
  return undefined;
}

export function variableSetDescriptionProblem(description: string): string | undefined {
  return description.length > VARIABLE_SET_DESCRIPTION_MAX_LENGTH ? `{} must be at most ${VARIABLE_SET_DESCRIPTION_MAX_LENGTH} characters` : undefined;
}

const RULES = { name: variableSetNameProblem, description: variableSetDescriptionProblem };

const targetList = (type: 'workspaces' | 'projects') =>
  z
    .array(z.looseObject({ type: z.literal(type, `type must be "${type}"`), id: z.string().min(1).max(100) }))
    .max(VARIABLE_SET_TARGETS_MAX, `at most ${VARIABLE_SET_TARGETS_MAX} ${type} per request`);

const setRelationships = z
  .looseObject({
    workspaces: z.looseObject({ data: targetList('workspaces') }).optional(),
    projects: z.looseObject({ data: targetList('projects') }).optional(),
  })
  .optional();

export const variableSetCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(VARIABLE_SET_TYPE, `type must be "${VARIABLE_SET_TYPE}"`),
    attributes: requestAttributesSchema(VARIABLE_SET_ATTRIBUTES, 'create', RULES).superRefine((attributes, ctx) => {
      if (attributes.name === undefined) ctx.addIssue({ code: 'custom', message: 'name is required', path: ['name'] });
    }),
    relationships: setRelationships,
  }),
});

/** An update; `relationships.workspaces` replaces the workspaces the set is applied to (go-tfe's UpdateWorkspaces). */
export const variableSetUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(VARIABLE_SET_TYPE, `type must be "${VARIABLE_SET_TYPE}"`),
    attributes: requestAttributesSchema(VARIABLE_SET_ATTRIBUTES, 'update', RULES).optional(),
    relationships: setRelationships,
  }),
});

/** The body of the apply and remove endpoints: the workspaces (or projects) by ID. */
export const variableSetWorkspacesBodySchema = z.looseObject({ data: targetList('workspaces').min(1, 'name at least one workspace') });
export const variableSetProjectsBodySchema = z.looseObject({ data: targetList('projects').min(1, 'name at least one project') });

export const variableSetResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(VARIABLE_SET_TYPE),
  attributes: z.looseObject({
    name: z.string(),
    description: z.string().nullable(),
    global: z.boolean(),
    priority: z.boolean(),
    'updated-at': z.string().optional(),
    'var-count': z.number().int().optional(),
    'workspace-count': z.number().int().optional(),
    'project-count': z.number().int().optional(),
  }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
  links: z.record(z.string(), z.string()).optional(),
});
export type VariableSetResource = z.infer<typeof variableSetResourceSchema>;

const included = z.array(z.looseObject({ id: z.string(), type: z.string() })).optional();

export const variableSetDocumentSchema = z.looseObject({ data: variableSetResourceSchema, included });
export const variableSetListDocumentSchema = z.looseObject({
  data: z.array(variableSetResourceSchema),
  included,
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** A set's variable: a `vars` resource whose relationship is `varset`. */
export const variableSetVariableDocumentSchema = z.looseObject({ data: variableResourceSchema });
export const variableSetVariableListDocumentSchema = z.looseObject({
  data: z.array(variableResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});
