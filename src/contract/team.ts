// Teams, their members, organization memberships and users (issue 34), as the hosted service
// spells them: GET/POST /organizations/:name/teams, GET/PATCH/DELETE /teams/:id,
// POST/DELETE /teams/:id/relationships/{users,organization-memberships},
// /organizations/:name/organization-memberships, /organization-memberships/:id, GET /users/:id.
import { z } from 'zod';
import { ORGANIZATION_ACCESS_FLAGS, TEAM_VISIBILITIES } from './access-grants';
import { relationshipSchema } from './jsonapi';
import { USER_TYPE } from './account';

export const TEAM_TYPE = 'teams';
export const ORGANIZATION_MEMBERSHIP_TYPE = 'organization-memberships';
export const TEAM_NAME_MAX = 255;

const organizationAccessSchema = z.looseObject(Object.fromEntries(ORGANIZATION_ACCESS_FLAGS.map((flag) => [flag, z.boolean().optional()])));

const teamName = z.string().trim().min(1, 'name must not be empty').max(TEAM_NAME_MAX, `name must be at most ${TEAM_NAME_MAX} characters`);

const teamAttributes = {
  'organization-access': organizationAccessSchema.optional(),
  visibility: z.enum(TEAM_VISIBILITIES, `visibility must be one of ${TEAM_VISIBILITIES.join(', ')}`).optional(),
  'sso-team-id': z.string().max(255).nullable().optional(),
  'allow-member-token-management': z.boolean().optional(),
};

const teamBody = <T extends z.ZodType>(attributes: T) =>
  z.looseObject({ data: z.looseObject({ type: z.literal(TEAM_TYPE, `type must be "${TEAM_TYPE}"`), attributes }) });

export const teamCreateBodySchema = teamBody(z.looseObject({ name: teamName, ...teamAttributes }));
export const teamUpdateBodySchema = teamBody(
  z
    .looseObject({ name: teamName.optional(), ...teamAttributes })
    .optional()
    .default({}),
);

export const teamResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(TEAM_TYPE),
  attributes: z.looseObject({
    name: z.string(),
    'organization-access': z.record(z.string(), z.boolean()),
    visibility: z.string(),
    'users-count': z.number(),
    'sso-team-id': z.string().nullable(),
  }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
});
const includedSchema = z.array(z.looseObject({ id: z.string(), type: z.string() })).optional();
export const teamDocumentSchema = z.looseObject({ data: teamResourceSchema, included: includedSchema });
export const teamListDocumentSchema = z.looseObject({ data: z.array(teamResourceSchema), included: includedSchema });

/** Members added or removed: users by username, or organization memberships by ID. */
export const teamMembersBodySchema = z.looseObject({
  data: z
    .array(z.looseObject({ type: z.enum([USER_TYPE, ORGANIZATION_MEMBERSHIP_TYPE]), id: z.string().min(1).max(255) }))
    .min(1, 'data must name at least one member')
    .max(100),
});

export const organizationMembershipCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(ORGANIZATION_MEMBERSHIP_TYPE, `type must be "${ORGANIZATION_MEMBERSHIP_TYPE}"`),
    attributes: z.looseObject({ email: z.email('email must be an email address').max(255) }),
  }),
});

export const organizationMembershipResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(ORGANIZATION_MEMBERSHIP_TYPE),
  attributes: z.looseObject({ status: z.enum(['active', 'invited']), email: z.string().nullable() }),
  relationships: z.record(z.string(), relationshipSchema).optional(),
});
export const organizationMembershipDocumentSchema = z.looseObject({ data: organizationMembershipResourceSchema, included: includedSchema });
export const organizationMembershipListDocumentSchema = z.looseObject({ data: z.array(organizationMembershipResourceSchema), included: includedSchema });

export const userResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(USER_TYPE),
  attributes: z.looseObject({ username: z.string().nullable(), email: z.string().nullable().optional() }),
});
export const userDocumentSchema = z.looseObject({ data: userResourceSchema });
export const userListDocumentSchema = z.looseObject({ data: z.array(userResourceSchema) });
export const organizationMembershipUserListDocumentSchema = z.looseObject({ data: z.array(organizationMembershipResourceSchema) });
