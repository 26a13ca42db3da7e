// Data retention policies, self-hosted edition only (spec "Data retention policy"; decision 25;
// shapes from the ws-data-retention-policy-*.json samples).
import { z } from 'zod';

export const DATA_RETENTION_DELETE_OLDER_TYPE = 'data-retention-policy-delete-olders';
export const DATA_RETENTION_DONT_DELETE_TYPE = 'data-retention-policy-dont-deletes';
export const DATA_RETENTION_TYPES = [DATA_RETENTION_DELETE_OLDER_TYPE, DATA_RETENTION_DONT_DELETE_TYPE] as const;
export type DataRetentionType = (typeof DATA_RETENTION_TYPES)[number];
/** The spec gives no range; a day count of at least 1 and at most 100 years. */
export const DATA_RETENTION_MAX_DAYS = 36500;

const daysSchema = z
  .number()
  .int('the number of days must be a whole number')
  .min(1, 'the number of days must be at least 1')
  .max(DATA_RETENTION_MAX_DAYS, `the number of days must be at most ${DATA_RETENTION_MAX_DAYS}`);

/**
 * POST body. The sample sends `deleteOlderThanNDays` (camelCase) while answers use the kebab-case
 * `delete-older-than-n-days`; both spellings are accepted.
 */
export const dataRetentionPolicyBodySchema = z.looseObject({
  data: z
    .looseObject({
      type: z.enum(DATA_RETENTION_TYPES, `type must be "${DATA_RETENTION_DELETE_OLDER_TYPE}" or "${DATA_RETENTION_DONT_DELETE_TYPE}"`),
      attributes: z.looseObject({ deleteOlderThanNDays: daysSchema.optional(), 'delete-older-than-n-days': daysSchema.optional() }).optional(),
    })
    .superRefine((data, ctx) => {
      const days = data.attributes?.deleteOlderThanNDays ?? data.attributes?.['delete-older-than-n-days'];
      if (data.type === DATA_RETENTION_DELETE_OLDER_TYPE && days === undefined) {
        ctx.addIssue({ code: 'custom', path: ['attributes', 'deleteOlderThanNDays'], message: 'deleteOlderThanNDays is required for a delete-older policy' });
      }
    }),
});
export type DataRetentionPolicyBody = z.infer<typeof dataRetentionPolicyBodySchema>;

/** The number of days a body asks for (either spelling), or null for a dont-delete policy. */
export function requestedRetentionDays(body: DataRetentionPolicyBody): number | null {
  if (body.data.type !== DATA_RETENTION_DELETE_OLDER_TYPE) return null;
  return body.data.attributes?.deleteOlderThanNDays ?? body.data.attributes?.['delete-older-than-n-days'] ?? null;
}

export const dataRetentionPolicyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.enum(DATA_RETENTION_TYPES),
  attributes: z.looseObject({ 'delete-older-than-n-days': z.number().int().optional() }),
  relationships: z.looseObject({ target: z.looseObject({ data: z.looseObject({ id: z.string(), type: z.string() }) }) }).optional(),
});

/** GET, POST answers; `data` is null when neither the workspace nor the organization has a policy. */
export const dataRetentionPolicyDocumentSchema = z.looseObject({ data: dataRetentionPolicyResourceSchema.nullable() });
