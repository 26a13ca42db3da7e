// A team's access to a workspace (team-workspaces) and to a project (team-projects), issue 34:
// GET /team-workspaces?filter[workspace][id]=…, POST /team-workspaces, GET/PATCH/DELETE
// /team-workspaces/:id; the same for /team-projects with filter[project][id].
import { z } from 'zod';
import {
  PROJECT_GRANTS,
  PROJECT_SETTINGS_PERMISSIONS,
  PROJECT_TEAMS_PERMISSIONS,
  RUNS_PERMISSIONS,
  SENTINEL_MOCKS_PERMISSIONS,
  STATE_VERSIONS_PERMISSIONS,
  VARIABLES_PERMISSIONS,
  WORKSPACE_GRANTS,
} from './access-grants';
import { relationshipSchema, resourceIdentifierSchema } from './jsonapi';

export const TEAM_ACCESS_TYPE = 'team-workspaces';
export const TEAM_PROJECT_ACCESS_TYPE = 'team-projects';

/** The custom permissions by wire name: set only with the `custom` level (the hosted rule). */
export const WORKSPACE_PERMISSION_ATTRIBUTES = {
  runs: z.enum(RUNS_PERMISSIONS),
  variables: z.enum(VARIABLES_PERMISSIONS),
  'state-versions': z.enum(STATE_VERSIONS_PERMISSIONS),
  'sentinel-mocks': z.enum(SENTINEL_MOCKS_PERMISSIONS),
  'workspace-locking': z.boolean(),
  'run-tasks': z.boolean(),
} as const;

const optionalPermissions = Object.fromEntries(Object.entries(WORKSPACE_PERMISSION_ATTRIBUTES).map(([k, schema]) => [k, schema.optional()])) as {
  [K in keyof typeof WORKSPACE_PERMISSION_ATTRIBUTES]: z.ZodOptional<(typeof WORKSPACE_PERMISSION_ATTRIBUTES)[K]>;
};

const relationTo = (type: string) =>
  z.looseObject({ data: z.looseObject({ type: z.literal(type, `type must be "${type}"`), id: z.string().min(1).max(255) }) });

export const teamAccessCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(TEAM_ACCESS_TYPE, `type must be "${TEAM_ACCESS_TYPE}"`),
    attributes: z.looseObject({ access: z.enum(WORKSPACE_GRANTS, `access must be one of ${WORKSPACE_GRANTS.join(', ')}`), ...optionalPermissions }),
    relationships: z.looseObject({ team: relationTo('teams'), workspace: relationTo('workspaces') }),
  }),
});
export const teamAccessUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(TEAM_ACCESS_TYPE, `type must be "${TEAM_ACCESS_TYPE}"`),
    attributes: z
      .looseObject({ access: z.enum(WORKSPACE_GRANTS).optional(), ...optionalPermissions })
      .optional()
      .default({}),
  }),
});

export const teamAccessResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(TEAM_ACCESS_TYPE),
  attributes: z.looseObject({ access: z.enum(WORKSPACE_GRANTS), runs: z.string(), 'state-versions': z.string() }),
  relationships: z.looseObject({ team: z.looseObject({ data: resourceIdentifierSchema }), workspace: z.looseObject({ data: resourceIdentifierSchema }) }),
});
export const teamAccessDocumentSchema = z.looseObject({ data: teamAccessResourceSchema });
export const teamAccessListDocumentSchema = z.looseObject({ data: z.array(teamAccessResourceSchema) });

const projectPermissions = z.looseObject({
  settings: z.enum(PROJECT_SETTINGS_PERMISSIONS).optional(),
  teams: z.enum(PROJECT_TEAMS_PERMISSIONS).optional(),
  'variable-sets': z.enum(['none', 'read', 'write']).optional(),
});
const projectWorkspacePermissions = z.looseObject({
  ...optionalPermissions,
  create: z.boolean().optional(),
  move: z.boolean().optional(),
  delete: z.boolean().optional(),
  locking: z.boolean().optional(),
});

export const teamProjectAccessCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(TEAM_PROJECT_ACCESS_TYPE, `type must be "${TEAM_PROJECT_ACCESS_TYPE}"`),
    attributes: z.looseObject({
      access: z.enum(PROJECT_GRANTS, `access must be one of ${PROJECT_GRANTS.join(', ')}`),
      'project-access': projectPermissions.optional(),
      'workspace-access': projectWorkspacePermissions.optional(),
    }),
    relationships: z.looseObject({ team: relationTo('teams'), project: relationTo('projects') }),
  }),
});
export const teamProjectAccessUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(TEAM_PROJECT_ACCESS_TYPE, `type must be "${TEAM_PROJECT_ACCESS_TYPE}"`),
    attributes: z
      .looseObject({
        access: z.enum(PROJECT_GRANTS).optional(),
        'project-access': projectPermissions.optional(),
        'workspace-access': projectWorkspacePermissions.optional(),
      })
      .optional()
      .default({}),
  }),
});

export const teamProjectAccessResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(TEAM_PROJECT_ACCESS_TYPE),
  attributes: z.looseObject({
    access: z.enum(PROJECT_GRANTS),
    'project-access': z.record(z.string(), z.unknown()),
    'workspace-access': z.record(z.string(), z.unknown()),
  }),
  relationships: z.record(z.string(), relationshipSchema),
});
export const teamProjectAccessDocumentSchema = z.looseObject({ data: teamProjectAccessResourceSchema });
export const teamProjectAccessListDocumentSchema = z.looseObject({ data: z.array(teamProjectAccessResourceSchema) });
