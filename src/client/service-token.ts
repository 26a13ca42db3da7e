// Organization and team tokens (one of each per organization and team): `create` makes a new one
// and returns its value, which no later call shows again; the token it replaces stops signing in.
// `read` answers null when there is none; `revoke` answers false when there was none.
import { ENDPOINTS, type ServiceTokenResource } from '../contract';
import { endpointRequest } from './endpoint-request';
import { NotFoundError } from './errors';
import type { Transport } from './transport';

export interface ServiceToken {
  id: string;
  /** Null for the bootstrap file's organization token. */
  createdAt: string | null;
  expiredAt: string | null;
  raw: ServiceTokenResource;
}

export interface ServiceTokenCreateOptions {
  /** When it stops signing in (ISO 8601, after now). @default never */
  expiredAt?: string;
}

function toToken(resource: ServiceTokenResource): ServiceToken {
  return { id: resource.id, createdAt: resource.attributes['created-at'], expiredAt: resource.attributes['expired-at'], raw: resource };
}

/** Null for a 404 with the absent-token code; other errors as they come. */
async function absentAsNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundError && error.errorName === 'authenticationTokenAbsent') return null;
    throw error;
  }
}

const createBody = (options: ServiceTokenCreateOptions) => ({
  data: { type: 'authentication-tokens', attributes: options.expiredAt ? { 'expired-at': options.expiredAt } : {} },
});

export class ServiceTokensApi {
  constructor(private readonly transport: Transport) {}

  /** A new organization token; not repeated on a lost answer (a repeat would replace the token answered). */
  async createOrganizationToken(organization: string, options: ServiceTokenCreateOptions = {}): Promise<ServiceToken & { value: string }> {
    const req = endpointRequest('createOrganizationToken', { organization_name: organization }, { body: createBody(options), idempotent: false });
    const doc = await this.transport.call(req, ENDPOINTS.createOrganizationToken.answer);
    return { ...toToken(doc.data), value: doc.data.attributes.token ?? '' };
  }

  readOrganizationToken(organization: string): Promise<ServiceToken | null> {
    const req = endpointRequest('showOrganizationToken', { organization_name: organization }, { idempotent: true });
    return absentAsNull(this.transport.call(req, ENDPOINTS.showOrganizationToken.answer).then((doc) => toToken(doc.data)));
  }

  async revokeOrganizationToken(organization: string): Promise<boolean> {
    const req = endpointRequest('deleteOrganizationToken', { organization_name: organization }, { idempotent: true });
    return (await absentAsNull(this.transport.request(req))) !== null;
  }

  /** A new team token; not repeated on a lost answer (a repeat would replace the token answered). */
  async createTeamToken(teamId: string, options: ServiceTokenCreateOptions = {}): Promise<ServiceToken & { value: string }> {
    const req = endpointRequest('createTeamToken', { team_id: teamId }, { body: createBody(options), idempotent: false });
    const doc = await this.transport.call(req, ENDPOINTS.createTeamToken.answer);
    return { ...toToken(doc.data), value: doc.data.attributes.token ?? '' };
  }

  readTeamToken(teamId: string): Promise<ServiceToken | null> {
    const req = endpointRequest('showTeamToken', { team_id: teamId }, { idempotent: true });
    return absentAsNull(this.transport.call(req, ENDPOINTS.showTeamToken.answer).then((doc) => toToken(doc.data)));
  }

  async revokeTeamToken(teamId: string): Promise<boolean> {
    const req = endpointRequest('deleteTeamToken', { team_id: teamId }, { idempotent: true });
    return (await absentAsNull(this.transport.request(req))) !== null;
  }
}
