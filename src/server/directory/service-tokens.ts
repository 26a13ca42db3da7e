// Organization and team tokens (issue 34): one of each per organization and team, made, shown and
// revoked through the API. Like users' tokens (tokens.ts) they live in the directory as SHA-256
// digests only, so every instance sees a new or revoked one within the directory's reload
// (service.ts); the value is answered once, by the POST that makes it, and never logged.
import { AUTHENTICATION_TOKEN_ID_PREFIX } from '../../contract';
import { type Directory, type DirectoryOrganization, type StoredServiceToken, hashToken } from '../bootstrap';
import { newId, now } from '../ids';
import type { Service } from '../service';
import { bootstrapTokenId, newTokenValue } from './tokens';

/** A token as shown: never its value. `createdAt` is null for the bootstrap file's organization token. */
export interface ServiceTokenView {
  id: string;
  createdAt: string | null;
  expiredAt: string | null;
}

function revoked(directory: Directory, hash: string): boolean {
  return (directory.revokedTokenHashes ?? []).includes(hash);
}

function live(token: { expiredAt: string | null }): boolean {
  return token.expiredAt === null || Date.parse(token.expiredAt) > Date.now();
}

function view(token: StoredServiceToken): ServiceTokenView {
  return { id: token.id, createdAt: token.createdAt, expiredAt: token.expiredAt };
}

/** The organization's token that signs in: the one made through the API, else the bootstrap file's. */
export function organizationToken(directory: Directory, organization: DirectoryOrganization): ServiceTokenView | null {
  if (organization.organizationToken) return live(organization.organizationToken) ? view(organization.organizationToken) : null;
  if (organization.tokenHash && !revoked(directory, organization.tokenHash))
    return { id: bootstrapTokenId(organization.tokenHash), createdAt: null, expiredAt: null };
  return null;
}

export function teamToken(directory: Directory, teamId: string): ServiceTokenView | null {
  const token = (directory.teamTokens ?? []).find((t) => t.teamId === teamId);
  return token && live(token) ? view(token) : null;
}

function newToken(createdBy: string, expiredAt: string | null): { record: StoredServiceToken; value: string } {
  const value = newTokenValue();
  return { value, record: { id: newId(AUTHENTICATION_TOKEN_ID_PREFIX), hash: hashToken(value), createdAt: now(), expiredAt, createdBy } };
}

/** The bootstrap file's token is remembered as revoked, so applying the file again does not bring it back. */
function retireBootstrapToken(directory: Directory, organization: DirectoryOrganization): void {
  if (organization.tokenHash) directory.revokedTokenHashes = [...new Set([...(directory.revokedTokenHashes ?? []), organization.tokenHash])];
}

/** Makes the organization's token, replacing the one it had; null when the organization is gone. */
export async function regenerateOrganizationToken(
  service: Service,
  name: string,
  createdBy: string,
  expiredAt: string | null,
): Promise<{ view: ServiceTokenView; value: string } | null> {
  const { record, value } = newToken(createdBy, expiredAt);
  const made = await service.changeDirectory((directory) => {
    const organization = directory.organizations.find((o) => o.name === name);
    if (!organization) return { result: false };
    retireBootstrapToken(directory, organization);
    organization.organizationToken = record;
    return { result: true };
  });
  return made ? { view: view(record), value } : null;
}

/** Revokes the organization's token; false when it had none. */
export async function revokeOrganizationToken(service: Service, name: string): Promise<boolean> {
  return service.changeDirectory((directory) => {
    const organization = directory.organizations.find((o) => o.name === name);
    if (!organization || !organizationToken(directory, organization)) return { result: false };
    retireBootstrapToken(directory, organization);
    delete organization.organizationToken;
    return { result: true };
  });
}

/** Makes the team's token, replacing the one it had. */
export async function regenerateTeamToken(
  service: Service,
  teamId: string,
  createdBy: string,
  expiredAt: string | null,
): Promise<{ view: ServiceTokenView; value: string }> {
  const { record, value } = newToken(createdBy, expiredAt);
  await service.changeDirectory((directory) => {
    directory.teamTokens = [...(directory.teamTokens ?? []).filter((t) => t.teamId !== teamId), { ...record, teamId }];
    return { result: true };
  });
  return { view: view(record), value };
}

/** Revokes the team's token; false when it had none. */
export async function revokeTeamToken(service: Service, teamId: string): Promise<boolean> {
  return service.changeDirectory((directory) => {
    if (!teamToken(directory, teamId)) return { result: false };
    directory.teamTokens = (directory.teamTokens ?? []).filter((t) => t.teamId !== teamId);
    return { result: true };
  });
}
