// Key-value tag bindings (spec "Limits"; decision 7).
import { z } from 'zod';
import { ruleSchema } from './attribute-schemas';
import type { AttributeTable } from './attribute-table';

export const TAG_BINDING_TYPE = 'tag-bindings';
export const TAG_BINDING_KEY_MAX_LENGTH = 128;
export const TAG_BINDING_VALUE_MAX_LENGTH = 256;
export const TAG_BINDINGS_MAX_DIRECT = 10;
export const TAG_BINDINGS_MAX_INHERITED = 10;
export const TAG_BINDING_RESERVED_PREFIXES = ['hc:', 'hcp:'] as const;
/** Alphanumerics and `_ . = + - @ :`. */
export const TAG_BINDING_CHARACTERS = /^[A-Za-z0-9_.=+\-@:]*$/;

/** The rule on a tag binding key; `{}` is where the layer's name for the key goes. */
export function tagBindingKeyProblem(key: string): string | undefined {
  if (key.length === 0) return '{} must not be empty';
  if (key.length > TAG_BINDING_KEY_MAX_LENGTH) return `{} must be at most ${TAG_BINDING_KEY_MAX_LENGTH} characters`;
  if (!TAG_BINDING_CHARACTERS.test(key)) return '{} may contain only letters, numbers and _ . = + - @ :';
  if (TAG_BINDING_RESERVED_PREFIXES.some((p) => key.toLowerCase().startsWith(p))) return '{} must not start with "hc:" or "hcp:" (reserved)';
  return undefined;
}

/** The rule on a tag binding value. */
export function tagBindingValueProblem(value: string): string | undefined {
  if (value.length > TAG_BINDING_VALUE_MAX_LENGTH) return `{} must be at most ${TAG_BINDING_VALUE_MAX_LENGTH} characters`;
  if (!TAG_BINDING_CHARACTERS.test(value)) return '{} may contain only letters, numbers and _ . = + - @ :';
  return undefined;
}

/** The limit on a workspace's own bindings (spec "Limits"). */
export function tagBindingCountProblem(count: number): string | undefined {
  return count > TAG_BINDINGS_MAX_DIRECT ? `a workspace can have at most ${TAG_BINDINGS_MAX_DIRECT} tag bindings of its own; {} has ${count}` : undefined;
}

export const tagBindingKeySchema = ruleSchema(tagBindingKeyProblem, 'key');
export const tagBindingValueSchema = ruleSchema(tagBindingValueProblem, 'value');

/** A tag binding's attributes (spec "Tag binding"). */
export const TAG_BINDING_ATTRIBUTES = {
  key: {
    wire: 'key',
    snake: 'key',
    kind: 'string',
    create: true,
    description: 'The tag key: letters, numbers and _ . = + - @ :, at most 128 characters; not "hc:" or "hcp:".',
  },
  value: {
    wire: 'value',
    snake: 'value',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    update: true,
    description: 'The tag value; empty or null for a key-only tag.',
  },
  createdAt: { wire: 'created-at', kind: 'timestamp', description: 'When the binding was created.' },
} as const satisfies AttributeTable;

export const tagBindingInputSchema = z.looseObject({
  type: z.literal(TAG_BINDING_TYPE, 'type must be "tag-bindings"'),
  attributes: z.looseObject({ key: tagBindingKeySchema, value: tagBindingValueSchema.optional() }),
});
export type TagBindingInput = z.infer<typeof tagBindingInputSchema>;

export const tagBindingsBodySchema = z.looseObject({ data: z.array(tagBindingInputSchema) });

export const tagBindingResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(TAG_BINDING_TYPE),
  attributes: z.looseObject({ key: z.string(), value: z.string().nullable(), 'created-at': z.string().optional() }),
  links: z.record(z.string(), z.string()).optional(),
});
export const tagBindingListDocumentSchema = z.looseObject({ data: z.array(tagBindingResourceSchema) });

export const effectiveTagBindingResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal('effective-tag-bindings'),
  attributes: z.looseObject({ key: z.string(), value: z.string().nullable() }),
  relationships: z.record(z.string(), z.any()).optional(),
  links: z.record(z.string(), z.string()).optional(),
});
export const effectiveTagBindingListDocumentSchema = z.looseObject({ data: z.array(effectiveTagBindingResourceSchema) });
