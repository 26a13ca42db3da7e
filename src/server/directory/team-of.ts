// A team by its ID, read through the directory index only (the teams' own storage may change under
// it; the index keeps each organization's `teams`), and the rule for who manages a team's tokens and
// notification configurations: the owners of its organization, or its organization token.
import type { Caller } from '../access';
import type { DirectoryOrganization, DirectoryTeam } from '../bootstrap';
import { forbidden, notFound } from '../errors';
import type { Service } from '../service';

export interface TeamInOrganization {
  organization: DirectoryOrganization;
  team: DirectoryTeam;
}

/** The team with this ID in any organization, or null. */
export function teamOf(service: Service, teamId: string): TeamInOrganization | null {
  for (const { name } of service.directory.organizations) {
    const organization = service.index.organization(name);
    const team = organization?.teams.find((t) => t.id === teamId);
    if (organization && team) return { organization, team };
  }
  return null;
}

/** The team, when the caller manages it; 404 to anyone outside its organization, 403 to its other members. */
export function managedTeam(service: Service, caller: Caller, teamId: string, action: string): TeamInOrganization {
  const found = teamOf(service, teamId);
  const missing = () => notFound(`team "${teamId.slice(0, 100)}" was not found, or you are not authorized to access it`);
  if (!found) throw missing();
  const role = service.index.role(caller, found.organization);
  if (!role.member) throw missing();
  if (!role.owner) throw forbidden(`${action} of team "${found.team.name}" needs an owner of organization "${found.organization.name}"`);
  return found;
}
