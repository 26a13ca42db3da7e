// The bootstrap file (architecture "Bootstrap file"): what the spec takes as given. Applying it is
// idempotent: entities already present (by name) are kept with their IDs; new ones are added.
import { readFileSync } from 'node:fs';
import { hash } from 'node:crypto';
import { z } from 'zod';
import { ACCESS_LEVELS, EXECUTION_MODES, ORGANIZATION_NAME_PATTERN, USER_ID_PATTERN } from '../contract';
import { newId, now } from './ids';

const accessSchema = z.enum(ACCESS_LEVELS);

const teamSchema = z.object({
  name: z.string().min(1),
  id: z.string().optional(),
  owners: z.boolean().optional(),
  members: z.array(z.string()).default([]),
  'organization-access': z.object({ 'manage-workspaces': z.boolean().optional(), 'manage-projects': z.boolean().optional() }).optional(),
  'workspace-access': z.array(z.object({ workspace: z.string(), access: accessSchema })).default([]),
  'project-access': z.array(z.object({ project: z.string(), access: accessSchema })).default([]),
  'notification-urls': z.array(z.string().url()).default([]),
});

const organizationSchema = z.object({
  name: z.string().regex(ORGANIZATION_NAME_PATTERN),
  email: z.string().min(1).optional(),
  tier: z.enum(['free', 'plus']).default('free'),
  'organization-token': z.string().min(1).optional(),
  settings: z
    .object({
      'workspace-admins-can-force-delete': z.boolean().optional(),
      'assessments-enforced': z.boolean().optional(),
      'default-execution-mode': z.enum(EXECUTION_MODES).optional(),
      'default-agent-pool-id': z.string().optional(),
      'global-remote-state-default': z.boolean().optional(),
      'data-retention-policy': z.unknown().optional(),
    })
    .passthrough()
    .default({}),
  projects: z
    .array(
      z.object({
        id: z.string().optional(),
        name: z.string().min(1),
        default: z.boolean().optional(),
        'tag-bindings': z.record(z.string(), z.string()).default({}),
      }),
    )
    .default([]),
  'agent-pools': z.array(z.object({ id: z.string().optional(), name: z.string().min(1) })).default([]),
  'ssh-keys': z.array(z.object({ id: z.string().optional(), name: z.string().min(1) })).default([]),
  'oauth-tokens': z
    .array(z.object({ id: z.string().min(1), 'service-provider': z.string().optional(), 'oauth-client-name': z.string().optional() }))
    .default([]),
  teams: z.array(teamSchema).default([]),
});

// ---- Validation of identities (issue 23): every kind of principal in its own namespace ----------

/** A given user ID must be a user ID (spec "Identifiers"): no user may take the shape of another kind's key. */
const userIdSchema = z.string().regex(USER_ID_PATTERN, 'a user id starts with "user-" followed by letters, digits, "_" or "-"');

export const bootstrapSchema = z.object({
  edition: z.enum(['hosted', 'self-hosted']).default('hosted'),
  'emulator-admin-tokens': z.array(z.string().min(1)).default([]),
  'engine-releases': z.array(z.string()).optional(),
  users: z
    .array(
      z.object({
        username: z.string().min(1),
        id: userIdSchema.optional(),
        email: z.string().optional(),
        'site-admin': z.boolean().optional(),
        tokens: z.array(z.string().min(1)).default([]),
      }),
    )
    .default([]),
  organizations: z.array(organizationSchema).default([]),
});
export type BootstrapFile = z.infer<typeof bootstrapSchema>;

// ---- The directory: the bootstrap as stored (tokens hashed, every entity with an ID) -------------

export interface DirectoryTeam {
  id: string;
  name: string;
  owners: boolean;
  members: string[]; // user IDs
  manageWorkspaces: boolean;
  manageProjects: boolean;
  /** By name ('*': every workspace); the index adds `workspaceId` for a grant made through the API. */
  workspaceAccess: Array<{ workspace: string; workspaceId?: string; access: (typeof ACCESS_LEVELS)[number] }>;
  /** By name ('*': every project); the index adds `projectId` (project grants are records since issue 34). */
  projectAccess: Array<{ project: string; projectId?: string; access: (typeof ACCESS_LEVELS)[number] }>;
  notificationUrls: string[];
}

export interface DirectoryProject {
  id: string;
  name: string;
  isDefault: boolean;
  tagBindings: Record<string, string>;
}

/**
 * What the hosted service shows of an organization beyond its name. Absent in directories stored
 * before organizations had an API; read through `organizationProfile` (organization/serialize.ts).
 */
export interface OrganizationProfile {
  externalId: string;
  email: string | null;
  createdAt: string;
  sessionTimeout: number | null;
  sessionRemember: number | null;
  collaboratorAuthPolicy: string;
  costEstimationEnabled: boolean;
  ownersTeamSamlRoleId: string | null;
}

export function newOrganizationProfile(email: string | null): OrganizationProfile {
  return {
    externalId: newId('org-'),
    email,
    createdAt: now(),
    sessionTimeout: null,
    sessionRemember: null,
    collaboratorAuthPolicy: 'password',
    costEstimationEnabled: false,
    ownersTeamSamlRoleId: null,
  };
}

/** An agent pool: from the bootstrap file (name and ID only) or the agent pools API. */
export interface DirectoryAgentPool {
  id: string;
  name: string;
  /** Whether every workspace of the organization may use it (true when absent). */
  organizationScoped?: boolean;
  createdAt?: string;
  allowedWorkspaces?: string[];
  allowedProjects?: string[];
  excludedWorkspaces?: string[];
}

export interface DirectoryOrganization {
  name: string;
  profile?: OrganizationProfile;
  tier: 'free' | 'plus';
  tokenHash: string | null;
  settings: BootstrapFile['organizations'][number]['settings'];
  projects: DirectoryProject[];
  agentPools: DirectoryAgentPool[];
  sshKeys: Array<{ id: string; name: string }>;
  oauthTokens: Array<{ id: string; serviceProvider: string; oauthClientName: string | null }>;
  teams: DirectoryTeam[];
  /** The organization token made through the API (directory/service-tokens.ts); the bootstrap's is `tokenHash`. */
  organizationToken?: StoredServiceToken;
}

/** An organization's or a team's token made through the API: only its SHA-256 (hex) is kept. */
export interface StoredServiceToken {
  id: string;
  hash: string;
  createdAt: string;
  expiredAt: string | null;
  /** The principal that made it (principalOf). */
  createdBy: string;
}

export interface Directory {
  edition: 'hosted' | 'self-hosted';
  emulatorTokenHashes: string[];
  engineReleases: string[] | null;
  users: Array<{ id: string; username: string; email: string | null; tokenHashes: string[]; siteAdmin?: boolean }>;
  organizations: DirectoryOrganization[];
  /** Users' tokens made through the API or `cdkws token create` (tokens.ts); absent in older directories. */
  authenticationTokens?: StoredAuthenticationToken[];
  /** Teams' tokens, one per team at most (directory/service-tokens.ts); absent in older directories. */
  teamTokens?: Array<StoredServiceToken & { teamId: string }>;
  /** Hashes of revoked tokens: a bootstrap file applied again cannot bring one back. */
  revokedTokenHashes?: string[];
}

export interface StoredAuthenticationToken {
  id: string;
  userId: string;
  /** SHA-256 of the token (hex); the token itself is answered once, on create, and never stored. */
  hash: string;
  description: string | null;
  createdAt: string;
  expiredAt: string | null;
}

/** The SHA-256 digest a token is stored and looked up by. */
export function tokenDigest(token: string): Buffer {
  // The one-shot form: every API request hashes its token, and it skips building a Hash object.
  return hash('sha256', token, 'buffer');
}

export function hashToken(token: string): string {
  return tokenDigest(token).toString('hex');
}

/** A bootstrap file that cannot be read or is not valid: start-up stops with this message. */
export class BootstrapError extends Error {}

export function readBootstrapFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BootstrapError(`cannot read bootstrap file ${file}: ${(error as Error).message}`);
  }
}

export function parseBootstrap(input: unknown): BootstrapFile {
  const parsed = bootstrapSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BootstrapError(`invalid bootstrap file at ${issue.path.join('.') || '(root)'}${describeEntry(input, issue.path)}: ${issue.message}`);
  }
  return parsed.data;
}

/** Names the entry an issue is in (`(user "mallory")`), so the operator finds it in a long file. */
function describeEntry(input: unknown, path: PropertyKey[]): string {
  if (path[0] !== 'users' || typeof path[1] !== 'number') return '';
  const entry = (input as { users?: Array<{ username?: unknown }> }).users?.[path[1]];
  return typeof entry?.username === 'string' ? ` (user "${entry.username.slice(0, 100)}")` : '';
}

function byName<T extends { name: string }>(items: T[], name: string): T | undefined {
  return items.find((item) => item.name === name);
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** Merges a bootstrap file into the stored directory: adds what is absent, keeps what exists. */
export function mergeBootstrap(existing: Directory | null, file: BootstrapFile): Directory {
  const dir: Directory = existing
    ? structuredClone(existing)
    : { edition: file.edition, emulatorTokenHashes: [], engineReleases: null, users: [], organizations: [] };
  dir.edition = existing ? existing.edition : file.edition;
  dir.emulatorTokenHashes = union(dir.emulatorTokenHashes, file['emulator-admin-tokens'].map(hashToken));
  if (!dir.engineReleases && file['engine-releases']) dir.engineReleases = file['engine-releases'];
  /** The file's usernames to the stored users' IDs (a user renamed through the API keeps its place in the file's teams). */
  const fileUserIds = new Map<string, string>();
  for (const user of file.users) {
    // A user renamed through the API is still the file's user: found by its ID or one of its tokens.
    const hashes = user.tokens.map(hashToken);
    let stored =
      dir.users.find((u) => u.username === user.username) ??
      dir.users.find((u) => (user.id !== undefined && u.id === user.id) || u.tokenHashes.some((h) => hashes.includes(h)));
    if (!stored) {
      stored = { id: user.id ?? newId('user-'), username: user.username, email: user.email ?? null, tokenHashes: [] };
      dir.users.push(stored);
    }
    fileUserIds.set(user.username, stored.id);
    stored.tokenHashes = union(stored.tokenHashes, hashes);
    // The file can make a user a site administrator; it never takes that away.
    if (user['site-admin']) stored.siteAdmin = true;
  }
  const userId = (username: string): string => {
    const known = fileUserIds.get(username);
    if (known) return known;
    const user = dir.users.find((u) => u.username === username);
    if (!user) throw new Error(`bootstrap file: team member "${username}" is not listed in users`);
    return user.id;
  };
  for (const org of file.organizations) {
    let stored = dir.organizations.find((o) => o.name === org.name);
    if (!stored) {
      stored = {
        name: org.name,
        profile: newOrganizationProfile(org.email ?? null),
        tier: org.tier,
        tokenHash: null,
        settings: org.settings,
        projects: [],
        agentPools: [],
        sshKeys: [],
        oauthTokens: [],
        teams: [],
      };
      dir.organizations.push(stored);
    }
    if (!stored.tokenHash && org['organization-token']) stored.tokenHash = hashToken(org['organization-token']);
    // Projects and teams are seeds (teams/seed.ts): the directory holds each as the file last gave
    // it, with the ID it got first; the records take an entry when it is new or changed.
    for (const project of org.projects) {
      const existingProject = byName(stored.projects, project.name);
      const entry = {
        id: existingProject?.id ?? project.id ?? newId('prj-'),
        name: project.name,
        isDefault: project.default ?? false,
        tagBindings: project['tag-bindings'],
      };
      if (!existingProject) stored.projects.push(entry);
      else if (project.default !== undefined || Object.keys(project['tag-bindings']).length > 0) Object.assign(existingProject, entry);
    }
    if (stored.projects.length === 0) stored.projects.push({ id: newId('prj-'), name: 'Default Project', isDefault: true, tagBindings: {} });
    if (!stored.projects.some((p) => p.isDefault)) stored.projects[0].isDefault = true;
    for (const pool of org['agent-pools'])
      if (!byName(stored.agentPools, pool.name)) stored.agentPools.push({ id: pool.id ?? newId('apool-'), name: pool.name });
    for (const key of org['ssh-keys']) if (!byName(stored.sshKeys, key.name)) stored.sshKeys.push({ id: key.id ?? newId('sshkey-'), name: key.name });
    for (const token of org['oauth-tokens']) {
      if (!stored.oauthTokens.some((t) => t.id === token.id)) {
        stored.oauthTokens.push({ id: token.id, serviceProvider: token['service-provider'] ?? 'github', oauthClientName: token['oauth-client-name'] ?? null });
      }
    }
    for (const team of org.teams) {
      const members = team.members.map(userId);
      const existingTeam = byName(stored.teams, team.name);
      if (existingTeam) stored.teams.splice(stored.teams.indexOf(existingTeam), 1, { ...existingTeam });
      const entry: DirectoryTeam = {
        id: existingTeam?.id ?? team.id ?? newId('team-'),
        name: team.name,
        owners: team.owners ?? false,
        members,
        manageWorkspaces: team['organization-access']?.['manage-workspaces'] ?? false,
        manageProjects: team['organization-access']?.['manage-projects'] ?? false,
        workspaceAccess: team['workspace-access'],
        projectAccess: team['project-access'],
        notificationUrls: team['notification-urls'],
      };
      if (existingTeam) stored.teams[stored.teams.findIndex((t) => t.id === entry.id)] = entry;
      else stored.teams.push(entry);
    }
  }
  return dir;
}
