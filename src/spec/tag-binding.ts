// Key-value tag bindings (spec "Limits"; decision 7).
import { z } from 'zod';

export const TAG_BINDING_TYPE = 'tag-bindings';
export const TAG_BINDING_KEY_MAX_LENGTH = 128;
export const TAG_BINDING_VALUE_MAX_LENGTH = 256;
export const TAG_BINDINGS_MAX_DIRECT = 10;
export const TAG_BINDINGS_MAX_INHERITED = 10;
export const TAG_BINDING_RESERVED_PREFIXES = ['hc:', 'hcp:'] as const;
/** Alphanumerics and `_ . = + - @ :`. */
export const TAG_BINDING_CHARACTERS = /^[A-Za-z0-9_.=+\-@:]*$/;

export const tagBindingKeySchema = z
  .string()
  .min(1, 'key must not be empty')
  .max(TAG_BINDING_KEY_MAX_LENGTH, `key must be at most ${TAG_BINDING_KEY_MAX_LENGTH} characters`)
  .regex(TAG_BINDING_CHARACTERS, 'key may contain only letters, numbers and _ . = + - @ :')
  .refine((key) => !TAG_BINDING_RESERVED_PREFIXES.some((p) => key.toLowerCase().startsWith(p)), 'keys starting with "hc:" or "hcp:" are reserved');

export const tagBindingValueSchema = z
  .string()
  .max(TAG_BINDING_VALUE_MAX_LENGTH, `value must be at most ${TAG_BINDING_VALUE_MAX_LENGTH} characters`)
  .regex(TAG_BINDING_CHARACTERS, 'value may contain only letters, numbers and _ . = + - @ :');

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
