// Organization and team tokens, as the hosted service has them: one token per organization and one
// per team, each at `…/authentication-token`. A POST makes a new token and answers its value, once;
// the token it replaces stops signing in. GET shows the token without its value, DELETE revokes it;
// both answer 404 when there is none.
import { z } from 'zod';
import { AUTHENTICATION_TOKEN_TYPE } from './authentication-token';
import type { EndpointDefinition } from './endpoint-types';

/** Optional: go-tfe 0.11 posts no body; newer clients send `expired-at`. */
export const serviceTokenCreateBodySchema = z.object({
  data: z
    .looseObject({
      type: z.literal(AUTHENTICATION_TOKEN_TYPE).optional(),
      attributes: z.looseObject({ 'expired-at': z.iso.datetime({ offset: true }).nullable().optional() }).optional(),
    })
    .optional(),
});

export const serviceTokenSchema = z.looseObject({
  id: z.string(),
  type: z.literal(AUTHENTICATION_TOKEN_TYPE),
  attributes: z.looseObject({
    /** Null for a token the bootstrap file gave (its creation time is unknown). */
    'created-at': z.string().nullable(),
    'last-used-at': z.string().nullable(),
    description: z.string().nullable(),
    /** The value: in the create's answer only, null everywhere else. */
    token: z.string().nullable(),
    'expired-at': z.string().nullable(),
  }),
  relationships: z.looseObject({}).optional(),
});
export type ServiceTokenResource = z.infer<typeof serviceTokenSchema>;
export const serviceTokenDocumentSchema = z.looseObject({ data: serviceTokenSchema });

/** Their group in the reference. */
export const SERVICE_TOKEN_ENDPOINTS_GROUP = 'organization and team tokens';

export const SERVICE_TOKEN_ENDPOINTS = {
  createOrganizationToken: {
    method: 'POST',
    path: '/organizations/:organization_name/authentication-token',
    summary: 'Make a new organization token (its value is in this answer only); the one it replaces stops signing in',
    permission: 'organization-owner',
    body: serviceTokenCreateBodySchema,
    success: [201],
    answer: serviceTokenDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  showOrganizationToken: {
    method: 'GET',
    path: '/organizations/:organization_name/authentication-token',
    summary: 'Show the organization token, without its value',
    permission: 'organization-owner',
    success: [200],
    answer: serviceTokenDocumentSchema,
    errors: ['notFound', 'forbidden', 'authenticationTokenAbsent'],
  },
  deleteOrganizationToken: {
    method: 'DELETE',
    path: '/organizations/:organization_name/authentication-token',
    summary: 'Revoke the organization token',
    permission: 'organization-owner',
    destructive: true,
    success: [204],
    errors: ['notFound', 'forbidden', 'authenticationTokenAbsent'],
  },
  createTeamToken: {
    method: 'POST',
    path: '/teams/:team_id/authentication-token',
    summary: 'Make a new team token (its value is in this answer only); the one it replaces stops signing in',
    permission: 'team-manager',
    body: serviceTokenCreateBodySchema,
    success: [201],
    answer: serviceTokenDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  showTeamToken: {
    method: 'GET',
    path: '/teams/:team_id/authentication-token',
    summary: 'Show the team token, without its value',
    permission: 'team-manager',
    success: [200],
    answer: serviceTokenDocumentSchema,
    errors: ['notFound', 'forbidden', 'authenticationTokenAbsent'],
  },
  deleteTeamToken: {
    method: 'DELETE',
    path: '/teams/:team_id/authentication-token',
    summary: 'Revoke the team token',
    permission: 'team-manager',
    destructive: true,
    success: [204],
    errors: ['notFound', 'forbidden', 'authenticationTokenAbsent'],
  },
} as const satisfies Record<string, EndpointDefinition>;
