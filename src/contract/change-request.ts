// Workspace change requests (spec "Change request", "List/Show/Archive a change request";
// decisions 1–3, 26).
import { z } from 'zod';
import { ruleSchema } from './attribute-schemas';
import type { AttributeTable } from './attribute-table';
import { storableTextRule } from './rules';
import { paginationLinksSchema, paginationSchema } from './jsonapi';

export const CHANGE_REQUEST_TYPE = 'workspace_change_requests';
/** The spec gives no limits; these keep a stored backlog sane. */
export const CHANGE_REQUEST_SUBJECT_MAX_LENGTH = 255;
export const CHANGE_REQUEST_MESSAGE_MAX_LENGTH = 65536;

/** Text the service stores (the rule: storableTextRule, PostgreSQL text cannot hold NUL). */
export const changeRequestSubjectSchema = ruleSchema(storableTextRule, 'subject')
  .min(1, 'subject must not be empty')
  .max(CHANGE_REQUEST_SUBJECT_MAX_LENGTH, `subject must be at most ${CHANGE_REQUEST_SUBJECT_MAX_LENGTH} characters`);
export const changeRequestMessageSchema = ruleSchema(storableTextRule, 'message').max(
  CHANGE_REQUEST_MESSAGE_MAX_LENGTH,
  `message must be at most ${CHANGE_REQUEST_MESSAGE_MAX_LENGTH} characters`,
);

/** A change request's attributes (spec "Change request"); created through the bulk action only. */
export const CHANGE_REQUEST_ATTRIBUTES = {
  subject: { wire: 'subject', snake: 'subject', kind: 'string', create: true, description: 'One line saying what should change, at most 255 characters.' },
  message: {
    wire: 'message',
    snake: 'message',
    kind: 'string',
    default: '',
    create: true,
    description: 'The details, in Markdown, at most 65,536 characters.',
  },
  archivedBy: { wire: 'archived-by', kind: 'string', nullable: true, description: 'Who archived the request, or null while it is open.' },
  archivedAt: { wire: 'archived-at', kind: 'timestamp', nullable: true, description: 'When the request was archived, or null while it is open.' },
  createdAt: { wire: 'created-at', kind: 'timestamp', description: 'When the request was created.' },
  updatedAt: { wire: 'updated-at', kind: 'timestamp', description: 'When the request last changed.' },
} as const satisfies AttributeTable;

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
