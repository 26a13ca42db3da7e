// Variables (type `vars`): a workspace's Terraform and environment variables, and the variables of a
// variable set (variable-set.ts), which share the attributes. A sensitive value is write-only: it is
// never answered (null), only replaced; a changed value gets a new `version-id`.
import { z } from 'zod';
import { requestAttributesSchema } from './attribute-schemas';
import type { AttributeTable, CreateValues, ReadValues, UpdateValues } from './attribute-table';
import { paginationLinksSchema, paginationSchema, relationshipSchema } from './jsonapi';

export const VARIABLE_TYPE = 'vars';
export const VARIABLE_ID_PREFIX = 'var-';
/** `terraform`: an input variable of the configuration; `env`: an environment variable of the run. */
export const VARIABLE_CATEGORIES = ['terraform', 'env'] as const;
export type VariableCategory = (typeof VARIABLE_CATEGORIES)[number];

export const VARIABLE_KEY_MAX_LENGTH = 128;
/** The hosted service refuses longer descriptions (go-tfe's tests send one of 530 characters). */
export const VARIABLE_DESCRIPTION_MAX_LENGTH = 512;
export const VARIABLE_VALUE_MAX_BYTES = 256 * 1024;

/** A variable's attributes (the hosted service's `vars`). */
export const VARIABLE_ATTRIBUTES = {
  key: {
    wire: 'key',
    snake: 'key',
    kind: 'string',
    create: true,
    update: true,
    description: 'The variable’s name: unique per workspace (or set) and category, case-sensitive.',
  },
  value: {
    wire: 'value',
    snake: 'value',
    kind: 'string',
    default: '',
    answeredNull: true,
    create: true,
    update: true,
    description: 'The value; write-only when the variable is sensitive (answered as null).',
  },
  description: {
    wire: 'description',
    snake: 'description',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    update: true,
    description: 'What the variable is for, at most 512 characters.',
  },
  category: {
    wire: 'category',
    snake: 'category',
    kind: 'enum',
    values: VARIABLE_CATEGORIES,
    create: true,
    update: true,
    description: '`terraform` (an input variable) or `env` (an environment variable).',
  },
  hcl: {
    wire: 'hcl',
    snake: 'hcl',
    kind: 'boolean',
    default: false,
    create: true,
    update: true,
    description: 'Whether the value is parsed as HCL (terraform variables only).',
  },
  sensitive: {
    wire: 'sensitive',
    snake: 'sensitive',
    kind: 'boolean',
    default: false,
    create: true,
    update: true,
    description: 'Whether the value is write-only; a sensitive variable cannot be made non-sensitive.',
  },
  versionId: {
    wire: 'version-id',
    kind: 'string',
    description: 'Changes whenever the value changes (also for sensitive values, which are never answered).',
  },
} as const satisfies AttributeTable;

export type VariableCreateValues = CreateValues<typeof VARIABLE_ATTRIBUTES>;
export type VariableUpdateValues = UpdateValues<typeof VARIABLE_ATTRIBUTES>;
export type VariableReadValues = ReadValues<typeof VARIABLE_ATTRIBUTES>;

/** The rule on a key; `{}` is where the layer's name for the key goes. */
export function variableKeyProblem(key: string): string | undefined {
  if (key.length === 0) return '{} must not be empty';
  if (key.length > VARIABLE_KEY_MAX_LENGTH) return `{} must be at most ${VARIABLE_KEY_MAX_LENGTH} characters`;
  return undefined;
}

export function variableDescriptionProblem(description: string): string | undefined {
  return description.length > VARIABLE_DESCRIPTION_MAX_LENGTH ? `{} must be at most ${VARIABLE_DESCRIPTION_MAX_LENGTH} characters` : undefined;
}

/** The size limit on a value; the message never quotes the value (it may be a secret). */
export function variableValueProblem(value: string): string | undefined {
  return Buffer.byteLength(value, 'utf8') > VARIABLE_VALUE_MAX_BYTES ? `{} must be at most ${VARIABLE_VALUE_MAX_BYTES} bytes` : undefined;
}

const VARIABLE_RULES = { key: variableKeyProblem, description: variableDescriptionProblem, value: variableValueProblem };

/** A rule across a variable's attributes, as it would be after the change, with the wire member to point at. */
export interface VariableViolation {
  detail: string;
  member: 'hcl' | 'sensitive';
}

/**
 * The rules across attributes: an environment variable cannot be HCL, and a sensitive variable
 * stays sensitive. `before` is the stored variable on update.
 */
export function variableViolations(
  after: { category: VariableCategory; hcl: boolean; sensitive: boolean },
  before?: { sensitive: boolean },
): VariableViolation[] {
  const out: VariableViolation[] = [];
  if (after.category === 'env' && after.hcl) out.push({ member: 'hcl', detail: 'an environment variable (category "env") cannot be HCL' });
  if (before?.sensitive === true && !after.sensitive) {
    out.push({ member: 'sensitive', detail: 'a sensitive variable cannot be made non-sensitive; delete it and create it again' });
  }
  return out;
}

export const variableCreateAttributesSchema = requestAttributesSchema(VARIABLE_ATTRIBUTES, 'create', VARIABLE_RULES).superRefine((attributes, ctx) => {
  if (attributes.key === undefined) ctx.addIssue({ code: 'custom', message: 'key is required', path: ['key'] });
  if (attributes.category === undefined) ctx.addIssue({ code: 'custom', message: 'category is required: "terraform" or "env"', path: ['category'] });
});
export const variableUpdateAttributesSchema = requestAttributesSchema(VARIABLE_ATTRIBUTES, 'update', VARIABLE_RULES);

/** The request attributes after parsing, by wire name. */
export interface VariableWireAttributes {
  key?: string;
  value?: string;
  description?: string | null;
  category?: VariableCategory;
  hcl?: boolean;
  sensitive?: boolean;
}

const identifier = (type: string) => z.looseObject({ type: z.literal(type, `type must be "${type}"`), id: z.string().min(1).max(100) });

export const variableCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(VARIABLE_TYPE, `type must be "${VARIABLE_TYPE}"`),
    attributes: variableCreateAttributesSchema,
  }),
});
export const variableUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(VARIABLE_TYPE, `type must be "${VARIABLE_TYPE}"`),
    attributes: variableUpdateAttributesSchema.optional(),
  }),
});

/**
 * The older top-level create (`POST /vars`), which names the workspace as a relationship:
 * `workspace` (the hosted service's older documents) or `configurable`.
 */
export const topLevelVariableCreateBodySchema = z.looseObject({
  data: z
    .looseObject({
      type: z.literal(VARIABLE_TYPE, `type must be "${VARIABLE_TYPE}"`),
      attributes: variableCreateAttributesSchema,
      relationships: z
        .looseObject({
          workspace: z.looseObject({ data: identifier('workspaces') }).optional(),
          configurable: z.looseObject({ data: identifier('workspaces') }).optional(),
        })
        .optional(),
    })
    .refine((data) => data.relationships?.workspace !== undefined || data.relationships?.configurable !== undefined, {
      message: 'name the workspace: relationships.workspace.data {type: "workspaces", id}',
      path: ['relationships'],
    }),
});

export const variableResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(VARIABLE_TYPE),
  attributes: z.looseObject({
    key: z.string(),
    value: z.string().nullable(),
    description: z.string().nullable(),
    category: z.string(),
    hcl: z.boolean(),
    sensitive: z.boolean(),
    'version-id': z.string(),
  }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
  links: z.record(z.string(), z.string()).optional(),
});
export type VariableResource = z.infer<typeof variableResourceSchema>;

export const variableDocumentSchema = z.looseObject({ data: variableResourceSchema });
export const variableListDocumentSchema = z.looseObject({
  data: z.array(variableResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});
