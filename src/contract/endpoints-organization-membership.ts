// The endpoints of organization memberships and users (issue 34), as the hosted service serves them.
import { z } from 'zod';
import { PAGE_PARAMETERS, type EndpointDefinition } from './endpoint-types';
import {
  organizationMembershipCreateBodySchema,
  organizationMembershipDocumentSchema,
  organizationMembershipListDocumentSchema,
  userDocumentSchema,
} from './team';

const INCLUDE_USER = { name: 'include', schema: z.string().max(100), description: '`user`: the member, in `included`' };

export const ORGANIZATION_MEMBERSHIP_ENDPOINTS = {
  listOrganizationMemberships: {
    method: 'GET',
    path: '/organizations/:organization_name/organization-memberships',
    summary: 'List the members of an organization, invited and active',
    permission: 'organization-member',
    query: [
      ...PAGE_PARAMETERS,
      { name: 'filter[email]', schema: z.string().max(2000), description: 'memberships of these email addresses (comma-separated)' },
      { name: 'filter[status]', schema: z.enum(['active', 'invited']), description: '`active` or `invited`' },
      { name: 'q', schema: z.string().max(255), description: 'memberships whose email contains this, or of this user ID' },
      INCLUDE_USER,
    ],
    success: [200],
    answer: organizationMembershipListDocumentSchema,
    errors: ['notFound'],
  },
  createOrganizationMembership: {
    method: 'POST',
    path: '/organizations/:organization_name/organization-memberships',
    summary: 'Invite a user to an organization by email',
    permission: 'organization-owner',
    body: organizationMembershipCreateBodySchema,
    success: [201],
    answer: organizationMembershipDocumentSchema,
    errors: ['forbidden', 'notFound'],
  },
  showOrganizationMembership: {
    method: 'GET',
    path: '/organization-memberships/:organization_membership_id',
    summary: 'Show an organization membership',
    permission: 'organization-member',
    query: [INCLUDE_USER],
    success: [200],
    answer: organizationMembershipDocumentSchema,
    errors: ['notFound'],
  },
  deleteOrganizationMembership: {
    method: 'DELETE',
    path: '/organization-memberships/:organization_membership_id',
    summary: 'Remove a user from an organization and every team of it',
    permission: 'organization-owner',
    destructive: true,
    success: [204],
    errors: ['forbidden', 'notFound'],
  },
  showUser: {
    method: 'GET',
    path: '/users/:user_id',
    summary: 'Show a user (one who shares an organization with the caller)',
    permission: 'any-token',
    success: [200],
    answer: userDocumentSchema,
    errors: ['notFound'],
  },
} as const satisfies Record<string, EndpointDefinition>;
