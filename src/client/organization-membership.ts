// Organization memberships and users (issue 34): invite by email, list, read and remove members;
// read a user by ID.
import { ENDPOINTS } from '../contract';
import { endpointRequest } from './endpoint-request';
import type { Transport } from './transport';

export interface OrganizationMembership {
  id: string;
  status: 'active' | 'invited';
  email: string | null;
  userId: string;
  teamIds: string[];
}

type MembershipResource = (typeof ENDPOINTS)['showOrganizationMembership']['answer']['_zod']['output']['data'];

function toMembership(resource: MembershipResource): OrganizationMembership {
  const user = resource.relationships?.user?.data;
  const teams = resource.relationships?.teams?.data;
  return {
    id: resource.id,
    status: resource.attributes.status,
    email: resource.attributes.email,
    userId: user && !Array.isArray(user) ? user.id : '',
    teamIds: Array.isArray(teams) ? teams.map((t) => t.id) : [],
  };
}

export class OrganizationMembershipsApi {
  constructor(private readonly transport: Transport) {}

  async list(organization: string, options: { emails?: string[]; status?: 'active' | 'invited'; query?: string; pageNumber?: number; pageSize?: number } = {}) {
    const query = {
      'filter[email]': options.emails?.join(','),
      'filter[status]': options.status,
      q: options.query,
      'page[number]': options.pageNumber,
      'page[size]': options.pageSize,
    };
    const doc = await this.transport.call(
      endpointRequest('listOrganizationMemberships', { organization_name: organization }, { query, idempotent: true }),
      ENDPOINTS.listOrganizationMemberships.answer,
    );
    return doc.data.map(toMembership);
  }

  async invite(organization: string, email: string): Promise<OrganizationMembership> {
    const body = { data: { type: 'organization-memberships', attributes: { email } } };
    const doc = await this.transport.call(
      endpointRequest('createOrganizationMembership', { organization_name: organization }, { body, idempotent: false }),
      ENDPOINTS.createOrganizationMembership.answer,
    );
    return toMembership(doc.data);
  }

  async get(id: string): Promise<OrganizationMembership> {
    const doc = await this.transport.call(
      endpointRequest('showOrganizationMembership', { organization_membership_id: id }, { idempotent: true }),
      ENDPOINTS.showOrganizationMembership.answer,
    );
    return toMembership(doc.data);
  }

  async delete(id: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteOrganizationMembership', { organization_membership_id: id }, { idempotent: true }));
  }
}

export interface User {
  id: string;
  username: string | null;
  email: string | null;
}

export class UsersApi {
  constructor(private readonly transport: Transport) {}

  async get(userId: string): Promise<User> {
    const doc = await this.transport.call(endpointRequest('showUser', { user_id: userId }, { idempotent: true }), ENDPOINTS.showUser.answer);
    return { id: doc.data.id, username: doc.data.attributes.username, email: doc.data.attributes.email ?? null };
  }
}
