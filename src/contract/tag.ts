// Flat workspace tags (spec "Flat tag", "Flat tags"; decisions 9, 12).
import { z } from 'zod';
import { ruleSchema } from './attribute-schemas';
import { paginationLinksSchema, paginationSchema, relationshipSchema } from './jsonapi';

export const FLAT_TAG_TYPE = 'tags';
export const FLAT_TAG_NAME_MAX_LENGTH = 255;
/**
 * The spec gives no rule for flat tag names; this is the real service's documented one (letters,
 * numbers, `:`, `-`, `_`). It also keeps names usable in the comma-separated `search[tags]`.
 */
export const FLAT_TAG_NAME_PATTERN = /^[A-Za-z0-9:_-]+$/;

/** The rule on a flat tag name; `{}` is where the layer's name for the tag goes. */
export function flatTagNameProblem(name: string): string | undefined {
  if (name.length === 0) return '{} must not be empty';
  if (name.length > FLAT_TAG_NAME_MAX_LENGTH) return `{} must be at most ${FLAT_TAG_NAME_MAX_LENGTH} characters`;
  if (!FLAT_TAG_NAME_PATTERN.test(name)) return '{} may contain only letters, numbers, ":", "-" and "_"';
  return undefined;
}

/** Names are stored lowercased (decision 9). */
export function normalizeFlatTagName(name: string): string {
  return name.toLowerCase();
}

/**
 * The rule for flat tags written in configuration (provider, constructs): besides the name rule,
 * the name must be written as the service stores it, or every plan would show a change.
 */
export function declaredFlatTagNameProblem(name: string): string | undefined {
  const problem = flatTagNameProblem(name);
  if (problem !== undefined) return problem;
  const stored = normalizeFlatTagName(name);
  return stored === name ? undefined : `{} must be written lowercase ("${stored}"): the service stores flat tags lowercased`;
}

export const flatTagNameSchema = ruleSchema(flatTagNameProblem, 'name');

/** One entry of an add or remove body: a tag by `id`, or by `attributes.name` (exactly one). */
export const flatTagInputSchema = z
  .looseObject({
    type: z.literal(FLAT_TAG_TYPE, 'type must be "tags"'),
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'id must be a tag ID such as "tag-…"')
      .optional(),
    attributes: z.looseObject({ name: flatTagNameSchema.optional() }).optional(),
  })
  .refine((entry) => (entry.id !== undefined) !== (entry.attributes?.name !== undefined), {
    message: 'give either id or attributes.name, not both and not neither',
  });
export type FlatTagInput = z.infer<typeof flatTagInputSchema>;

/** The body of POST and DELETE /workspaces/:workspace_id/relationships/tags. */
export const flatTagsBodySchema = z.looseObject({ data: z.array(flatTagInputSchema).max(100, 'at most 100 tags per request') });
export type FlatTagsBody = z.infer<typeof flatTagsBodySchema>;

export const flatTagResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(FLAT_TAG_TYPE),
  attributes: z.looseObject({
    name: z.string(),
    'created-at': z.string().optional(),
    'instance-count': z.number().int().optional(),
  }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
});
export type FlatTagResource = z.infer<typeof flatTagResourceSchema>;

/** GET /workspaces/:workspace_id/relationships/tags (the sample has no links or meta; ours has both). */
export const flatTagListDocumentSchema = z.looseObject({
  data: z.array(flatTagResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** The body of DELETE /organizations/:organization_name/tags: the tags to delete, by ID. */
export const organizationTagsDeleteBodySchema = z.looseObject({
  data: z
    .array(z.looseObject({ type: z.literal(FLAT_TAG_TYPE, 'type must be "tags"'), id: z.string().min(1).max(100) }))
    .min(1, 'name at least one tag')
    .max(100, 'at most 100 tags per request'),
});

/** The body of POST /tags/:tag_id/relationships/workspaces: the workspaces to put the tag on. */
export const tagWorkspacesBodySchema = z.looseObject({
  data: z
    .array(z.looseObject({ type: z.literal('workspaces', 'type must be "workspaces"'), id: z.string().min(1).max(100) }))
    .min(1, 'name at least one workspace')
    .max(100, 'at most 100 workspaces per request'),
});
