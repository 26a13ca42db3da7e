// Workspace change requests (spec "Change request", "List/Show/Archive a change request";
// decisions 1–3, 26).
import { z } from 'zod';
import { paginationLinksSchema, paginationSchema } from './jsonapi';

export const CHANGE_REQUEST_TYPE = 'workspace_change_requests';
/** The spec gives no limits; these keep a stored backlog sane. */
export const CHANGE_REQUEST_SUBJECT_MAX_LENGTH = 255;
export const CHANGE_REQUEST_MESSAGE_MAX_LENGTH = 65536;

/** Text the service stores: NUL cannot be stored in PostgreSQL text, so it is refused up front. */
export function storableText(): z.ZodString {
  return z.string().regex(/^[^\u0000]*$/, 'must not contain NUL characters');
}

export const changeRequestSubjectSchema = storableText()
  .min(1, 'subject must not be empty')
  .max(CHANGE_REQUEST_SUBJECT_MAX_LENGTH, `subject must be at most ${CHANGE_REQUEST_SUBJECT_MAX_LENGTH} characters`);
export const changeRequestMessageSchema = storableText().max(
  CHANGE_REQUEST_MESSAGE_MAX_LENGTH,
  `message must be at most ${CHANGE_REQUEST_MESSAGE_MAX_LENGTH} characters`,
);

export const changeRequestAttributesSchema = z.looseObject({
  subject: z.string(),
  message: z.string(),
  'archived-by': z.string().nullable(),
  'archived-at': z.string().nullable(),
  'created-at': z.string(),
  'updated-at': z.string(),
});

export const changeRequestResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(CHANGE_REQUEST_TYPE),
  attributes: changeRequestAttributesSchema,
  relationships: z.looseObject({
    workspace: z.looseObject({ data: z.looseObject({ id: z.string(), type: z.literal('workspaces') }) }),
  }),
});
export type ChangeRequestResource = z.infer<typeof changeRequestResourceSchema>;

/** Show and archive answers. */
export const changeRequestDocumentSchema = z.looseObject({ data: changeRequestResourceSchema });

export const changeRequestListDocumentSchema = z.looseObject({
  data: z.array(changeRequestResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** `archive=true|false` on the list (decision 1); omitted means all. */
export const changeRequestArchiveFilterSchema = z.enum(['true', 'false']).optional();
