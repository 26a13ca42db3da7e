import { createHash } from 'node:crypto';
import { type AccessLevel, WORKSPACE_LEVEL_PERMISSIONS, organizationAccessOf } from '../../contract';
import type { Directory, DirectoryOrganization, DirectoryTeam } from '../bootstrap';
import { newId, now } from '../ids';
import { upsertProject } from '../projects/store';
import type { Db } from '../storage/db';
import { ensureMembership } from '../organization-memberships/store';
import { upsertTeamAccess } from '../team-access/store';
import { upsertTeamProjectAccess } from '../team-project-access/store';
import { type TeamRecord, upsertTeam } from './store';
import { accessChange } from './generation';

// The bootstrap file only seeds teams, projects and grants (issue 34). The directory keeps each
// entry as the file (or, for a database of an earlier release, the directory itself) last gave it;
// `access_seeds` holds a digest of each entry as last written into the records. An entry is written
// when it is new or its digest changed: a start with the same file leaves alone what the API changed
// or deleted since, and an edit of the file's entry applies at the next start.

const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The same ID for the same seeded grant on every process (an ID in the hosted shape). */
function seedId(prefix: string, key: string): string {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let body = '';
  for (const byte of createHash('sha256').update(key).digest().subarray(0, 16)) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${body}`;
}

/** Seeds every organization of the directory in one transaction; what changed is counted. */
export function seedDirectory(db: Db, directory: Directory): Promise<number> {
  return accessChange(db, async (tx) => {
    let written = 0;
    for (const organization of directory.organizations) written += await seedOrganization(tx, organization, createdAtOf(organization));
    return written;
  });
}

const createdAtOf = (organization: DirectoryOrganization) => organization.profile?.createdAt ?? now();

/** Writes the organization's changed or new entries into the records (inside the caller's transaction). */
export async function seedOrganization(tx: Db, organization: DirectoryOrganization, createdAt = createdAtOf(organization)): Promise<number> {
  const rows = await tx.all<{ seed_key: string; digest: string }>('SELECT seed_key, digest FROM access_seeds WHERE organization = ?', [organization.name]);
  const seeded = new Map(rows.map((r) => [r.seed_key, r.digest]));
  let written = 0;
  const seed = async (key: string, entry: unknown, write: () => Promise<void>) => {
    const digest = digestOf(entry);
    if (seeded.get(key) === digest) return;
    await write();
    await tx.run(
      'INSERT INTO access_seeds (organization, seed_key, digest) VALUES (?, ?, ?) ON CONFLICT (organization, seed_key) DO UPDATE SET digest = excluded.digest',
      [organization.name, key, digest],
    );
    written += 1;
  };
  for (const project of organization.projects) {
    await seed(`project ${project.id}`, project, async () => {
      await upsertProject(tx, {
        id: project.id,
        organization: organization.name,
        name: project.name,
        description: '',
        isDefault: project.isDefault,
        tagBindings: project.tagBindings,
        createdAt,
      });
    });
  }
  const projectIds = new Map(organization.projects.map((p) => [p.name, p.id]));
  for (const team of organization.teams) {
    await seed(`team ${team.id}`, teamEntry(team), async () => {
      await upsertTeam(tx, teamRecord(organization.name, team, createdAt), true);
      for (const userId of team.members) {
        await ensureMembership(tx, { id: newId('ou-'), organization: organization.name, userId, email: null, status: 'active', createdAt });
      }
    });
    const teamExists = async () => (await tx.get('SELECT 1 AS one FROM teams WHERE id = ?', [team.id])) !== undefined;
    for (const grant of team.workspaceAccess) {
      const key = `workspace-access ${team.id} ${grant.workspace.toLowerCase()}`;
      await seed(key, grant, async () => {
        if (!(await teamExists())) return;
        const existing = await tx.get<{ id: string }>(
          'SELECT id FROM team_workspace_access WHERE team_id = ? AND workspace_id IS NULL AND LOWER(workspace_name) = ?',
          [team.id, grant.workspace.toLowerCase()],
        );
        await upsertTeamAccess(tx, {
          id: existing?.id ?? seedId('tws-', key),
          organization: organization.name,
          teamId: team.id,
          workspaceId: null,
          workspaceName: grant.workspace,
          access: grant.access,
          permissions: WORKSPACE_LEVEL_PERMISSIONS[grant.access],
          createdAt,
        });
      });
    }
    for (const grant of team.projectAccess) {
      const projectId = grant.project === '*' ? '*' : projectIds.get(grant.project);
      if (!projectId) continue; // a project the file does not declare: nothing to grant
      const key = `project-access ${team.id} ${projectId}`;
      await seed(key, grant, async () => {
        if (!(await teamExists())) return;
        await upsertTeamProjectAccess(tx, {
          id: seedId('tprj-', key),
          organization: organization.name,
          teamId: team.id,
          projectId,
          // The hosted service has no plan level on projects: a custom grant of plan's permissions.
          access: grant.access === 'plan' ? 'custom' : grant.access,
          projectPermissions: projectPermissionsOf(grant.access),
          workspacePermissions: {
            ...WORKSPACE_LEVEL_PERMISSIONS[grant.access],
            create: grant.access === 'admin',
            move: grant.access === 'admin',
            delete: grant.access === 'admin',
          },
          createdAt,
        });
      });
    }
  }
  return written;
}

function projectPermissionsOf(level: AccessLevel): { settings: 'read' | 'update' | 'delete'; teams: 'none' | 'read' | 'manage' } {
  return level === 'admin' ? { settings: 'delete', teams: 'manage' } : { settings: 'read', teams: 'none' };
}

/**
 * A team entry as its digest sees it: the whole entry, grants included, so an edit of any part of it
 * in the file writes the team again (and brings back a team deleted since); the grants are then
 * written one by one where theirs changed.
 */
function teamEntry(team: DirectoryTeam): unknown {
  return [team.name, team.owners, team.manageWorkspaces, team.manageProjects, team.members, team.notificationUrls, team.workspaceAccess, team.projectAccess];
}

function teamRecord(organization: string, team: DirectoryTeam, createdAt: string): TeamRecord {
  return {
    id: team.id,
    organization,
    name: team.name,
    owners: team.owners,
    organizationAccess: organizationAccessOf({ 'manage-workspaces': team.manageWorkspaces, 'manage-projects': team.manageProjects }),
    visibility: 'secret',
    ssoTeamId: null,
    notificationUrls: team.notificationUrls,
    createdAt,
    members: team.members,
  };
}

/** An organization's records deleted (inside the caller's transaction). */
export async function deleteAccessRecords(tx: Db, organization: string): Promise<void> {
  for (const table of ['team_workspace_access', 'team_project_access', 'organization_memberships', 'projects', 'access_seeds']) {
    await tx.run(`DELETE FROM ${table} WHERE organization = ?`, [organization]);
  }
  await tx.run('DELETE FROM team_members WHERE team_id IN (SELECT id FROM teams WHERE organization = ?)', [organization]);
  await tx.run('DELETE FROM teams WHERE organization = ?', [organization]);
}

/** An organization's records moved to its new name (inside the caller's transaction). */
export async function renameAccessRecords(tx: Db, from: string, to: string): Promise<void> {
  for (const table of ['teams', 'team_workspace_access', 'team_project_access', 'organization_memberships', 'projects', 'access_seeds']) {
    await tx.run(`UPDATE ${table} SET organization = ? WHERE organization = ?`, [to, from]);
  }
}
