// JSON:API building blocks shared by the service and the client.
import { z } from 'zod';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** Default and largest page sizes of every paginated list (spec "Limits"; decision 5). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const errorObjectSchema = z.looseObject({
  // The real service sends the status as a string, the rate limiter's sample as a number.
  status: z.union([z.string(), z.number()]).optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  source: z.looseObject({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
  /** Our service's stable error identity (error-codes.ts); the hosted service sends none. */
  code: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const errorDocumentSchema = z.looseObject({ errors: z.array(errorObjectSchema) });
export type ErrorDocument = z.infer<typeof errorDocumentSchema>;

export const resourceIdentifierSchema = z.looseObject({ id: z.string(), type: z.string() });
export type ResourceIdentifier = z.infer<typeof resourceIdentifierSchema>;

export const relationshipSchema = z.looseObject({
  data: z.union([resourceIdentifierSchema, z.array(resourceIdentifierSchema), z.null()]).optional(),
  links: z.record(z.string(), z.string().nullable()).optional(),
});

export const paginationSchema = z.looseObject({
  'current-page': z.number(),
  'page-size': z.number().optional(),
  'prev-page': z.number().nullable(),
  'next-page': z.number().nullable(),
  'total-pages': z.number(),
  'total-count': z.number(),
});
export type WirePagination = z.infer<typeof paginationSchema>;

export const paginationLinksSchema = z.looseObject({
  self: z.string(),
  first: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
  last: z.string(),
});

/** `page[number]` and `page[size]` as the service reads them (decision 5: size at most 100). */
export const pageQuerySchema = z.object({
  number: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
