// Users' own API tokens (the hosted service's "user tokens": `authentication-tokens` documents
// under /users/:user_id/authentication-tokens and /authentication-tokens/:id). The token value is
// answered once, by the create; every other answer carries `token: null`.
import { z } from 'zod';
import { storableTextRule } from './rules';
import { ruleSchema } from './attribute-schemas';
import { USER_TYPE } from './account';

export const AUTHENTICATION_TOKEN_TYPE = 'authentication-tokens';
export const AUTHENTICATION_TOKEN_ID_PREFIX = 'at-';
/** A user's ID: the spec's `user-` prefix and an opaque body (bootstrap ids are checked against it). */
export const USER_ID_PATTERN = /^user-[A-Za-z0-9_-]+$/;
export const AUTHENTICATION_TOKEN_DESCRIPTION_MAX_LENGTH = 255;
/** A bound on stored tokens per user, so creating tokens cannot grow the directory without end. */
export const AUTHENTICATION_TOKENS_PER_USER_MAX = 100;

export const authenticationTokenDescriptionSchema = ruleSchema(storableTextRule, 'description').max(
  AUTHENTICATION_TOKEN_DESCRIPTION_MAX_LENGTH,
  `description must be at most ${AUTHENTICATION_TOKEN_DESCRIPTION_MAX_LENGTH} characters`,
);

/** The create request: `data.attributes.description` and `expired-at`, both optional. */
export const authenticationTokenCreateDocumentSchema = z.object({
  data: z.looseObject({
    type: z.literal(AUTHENTICATION_TOKEN_TYPE).optional(),
    attributes: z
      .looseObject({
        description: authenticationTokenDescriptionSchema.nullable().optional(),
        'expired-at': z.iso.datetime({ offset: true }).nullable().optional(),
      })
      .optional(),
  }),
});

export const authenticationTokenSchema = z.looseObject({
  id: z.string(),
  type: z.literal(AUTHENTICATION_TOKEN_TYPE),
  attributes: z.looseObject({
    /** Null for a token our service was given in its bootstrap file (its creation time is unknown). */
    'created-at': z.string().nullable(),
    'last-used-at': z.string().nullable(),
    description: z.string().nullable(),
    token: z.string().nullable(),
    'expired-at': z.string().nullable(),
  }),
  relationships: z
    .looseObject({
      'created-by': z.looseObject({ data: z.looseObject({ id: z.string(), type: z.literal(USER_TYPE) }).nullable() }),
    })
    .optional(),
});
export type AuthenticationTokenResource = z.infer<typeof authenticationTokenSchema>;

export const authenticationTokenDocumentSchema = z.looseObject({ data: authenticationTokenSchema });
export const authenticationTokenListDocumentSchema = z.looseObject({ data: z.array(authenticationTokenSchema) });
