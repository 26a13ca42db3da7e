// Things tests need to exist before they act, made through the real API with unique names and
// returned typed. A fixture that cannot be made throws with the service's answer, so set-up failures
// read as such rather than as failed assertions.
import { createHash, randomBytes } from 'node:crypto';
import type { WorkspaceResource } from '../../src/contract';
import { ORG, TOKENS, type ApiResponse, type TestService } from './service';

export async function expectStatus(response: Promise<ApiResponse>, status: number, what: string): Promise<ApiResponse> {
  const answer = await response;
  if (answer.status !== status) throw new Error(`${what} failed: ${answer.status} ${answer.text}`);
  return answer;
}

/** Creates a workspace in the organization (`acme` by default) as the owner and returns its resource object. */
export async function createWorkspace(
  service: TestService,
  attributes: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
  token: string = TOKENS.owner,
  organization: string = ORG,
): Promise<WorkspaceResource> {
  const name = (attributes.name as string | undefined) ?? `ws-${randomBytes(4).toString('hex')}`;
  const created = await expectStatus(
    service.request('POST', `/organizations/${organization}/workspaces`, {
      token,
      body: { data: { type: 'workspaces', attributes: { ...attributes, name }, ...extra } },
    }),
    201,
    `creating workspace ${name}`,
  );
  return created.body.data;
}

/** Creates `count` workspaces at once, each with a unique name. */
export function createWorkspaces(service: TestService, count: number, attributes: Record<string, unknown> = {}): Promise<WorkspaceResource[]> {
  return Promise.all(Array.from({ length: count }, () => createWorkspace(service, attributes)));
}

/** The `extra` of `createWorkspace` for a workspace in a project and/or with its own tag bindings. */
export function workspaceRelationships(of: { project?: string; tagBindings?: Record<string, string> }): Record<string, unknown> {
  const relationships: Record<string, unknown> = {};
  if (of.project !== undefined) relationships.project = { data: { type: 'projects', id: of.project } };
  if (of.tagBindings !== undefined) {
    relationships['tag-bindings'] = { data: Object.entries(of.tagBindings).map(([key, value]) => ({ type: 'tag-bindings', attributes: { key, value } })) };
  }
  return { relationships };
}

/** Adds flat tags by name. */
export async function addFlatTags(service: TestService, workspaceId: string, names: string[], token: string = TOKENS.owner): Promise<void> {
  const body = { data: names.map((name) => ({ type: 'tags', attributes: { name } })) };
  await expectStatus(service.request('POST', `/workspaces/${workspaceId}/relationships/tags`, { token, body }), 204, `tagging ${workspaceId}`);
}

/** Lets `consumerIds` read the state of `workspaceId`. */
export async function addRemoteStateConsumers(service: TestService, workspaceId: string, consumerIds: string[], token: string = TOKENS.owner): Promise<void> {
  const body = { data: consumerIds.map((id) => ({ type: 'workspaces', id })) };
  await expectStatus(
    service.request('POST', `/workspaces/${workspaceId}/relationships/remote-state-consumers`, { token, body }),
    204,
    `adding consumers to ${workspaceId}`,
  );
}

export async function lockWorkspace(service: TestService, workspaceId: string, reason: string, token: string = TOKENS.owner): Promise<void> {
  await expectStatus(service.request('POST', `/workspaces/${workspaceId}/actions/lock`, { token, body: { reason } }), 200, `locking ${workspaceId}`);
}

export interface ChangeRequestFixture {
  subject?: string;
  message?: string;
  organization?: string;
  token?: string;
}

/** Files one change request on each workspace through the explorer's bulk action; returns their IDs in that order. */
export async function createChangeRequests(service: TestService, workspaceIds: string[], of: ChangeRequestFixture = {}): Promise<string[]> {
  const { subject = 's', message = 'm', organization = ORG, token = TOKENS.owner } = of;
  const created = await expectStatus(
    service.request('POST', `/organizations/${organization}/explorer/bulk-actions`, {
      token,
      body: { data: { type: 'bulk_actions', attributes: { action_type: 'change_requests', action_inputs: { subject, message }, target_ids: workspaceIds } } },
    }),
    201,
    'filing change requests',
  );
  return created.body.meta['change-request-ids'];
}

/** A unique name with a prefix: fixtures never collide, within a file or across the runs of one service. */
export function uniqueFixtureName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Sets tag bindings of a workspace's own (keys not given are kept). */
export async function addTagBindings(service: TestService, workspaceId: string, bindings: Record<string, string>, token: string = TOKENS.owner): Promise<void> {
  const body = { data: Object.entries(bindings).map(([key, value]) => ({ type: 'tag-bindings', attributes: { key, value } })) };
  await expectStatus(service.request('PATCH', `/workspaces/${workspaceId}/tag-bindings`, { token, body }), 200, `binding tags to ${workspaceId}`);
}

/** Sets a delete-older data retention policy on a workspace (self-hosted edition only). */
export async function setDataRetentionPolicy(service: TestService, workspaceId: string, days: number, token: string = TOKENS.owner): Promise<void> {
  const body = { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': days } } };
  const answer = await service.request('POST', `/workspaces/${workspaceId}/relationships/data-retention-policy`, { token, body });
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`setting the data retention policy of ${workspaceId} failed: ${answer.status} ${answer.text}`);
}

export interface StateFixture {
  serial?: number;
  lineage?: string;
  /** Managed resource instances the state holds (null_resource instances). */
  resources?: number;
  outputs?: Record<string, { value: unknown; type?: unknown; sensitive?: boolean }>;
}

/** The text of a Terraform state (format 4), as Terraform writes it. */
export function terraformState(fixture: StateFixture = {}): string {
  const outputs = Object.fromEntries(
    Object.entries(fixture.outputs ?? {}).map(([name, o]) => [name, { value: o.value, type: o.type ?? 'string', ...(o.sensitive ? { sensitive: true } : {}) }]),
  );
  const count = fixture.resources ?? 0;
  const resources =
    count === 0
      ? []
      : [
          {
            mode: 'managed',
            type: 'null_resource',
            name: 'thing',
            provider: 'provider["registry.terraform.io/hashicorp/null"]',
            instances: Array.from({ length: count }, (_, index) => ({ index_key: index, schema_version: 0, attributes: { id: String(index) } })),
          },
        ];
  return `${JSON.stringify(
    {
      version: 4,
      terraform_version: '1.11.4',
      serial: fixture.serial ?? 1,
      lineage: fixture.lineage ?? 'lineage-fixture',
      outputs,
      resources,
      check_results: null,
    },
    null,
    2,
  )}\n`;
}

export const md5Of = (text: string | Buffer): string => createHash('md5').update(text).digest('hex');

/** The create document of a state version holding `state` inline. */
export function inlineStateVersionBody(state: string, extra: Record<string, unknown> = {}): unknown {
  const parsed = JSON.parse(state) as { serial: number; lineage: string };
  return {
    data: {
      type: 'state-versions',
      attributes: { serial: parsed.serial, lineage: parsed.lineage, md5: md5Of(state), state: Buffer.from(state).toString('base64'), ...extra },
    },
  };
}

/**
 * Makes `state` the workspace's current state as Terraform does: lock, create the state version
 * with the state inline, unlock. Returns the state version's resource object.
 */
export async function createStateVersion(
  service: TestService,
  workspaceId: string,
  state: string = terraformState(),
  token: string = TOKENS.owner,
): Promise<any> {
  await lockWorkspace(service, workspaceId, 'writing state', token);
  const created = await expectStatus(
    service.request('POST', `/workspaces/${workspaceId}/state-versions`, { token, body: inlineStateVersionBody(state) }),
    201,
    `creating a state version of ${workspaceId}`,
  );
  await expectStatus(service.request('POST', `/workspaces/${workspaceId}/actions/unlock`, { token }), 200, `unlocking ${workspaceId}`);
  return created.body.data;
}

/** Locks the workspace and creates a pending state version of `state` (left locked); returns the created resource object. */
export async function createPendingStateVersion(
  service: TestService,
  workspaceId: string,
  state: string = terraformState(),
  token: string = TOKENS.owner,
): Promise<any> {
  await lockWorkspace(service, workspaceId, 'writing state', token);
  const parsed = JSON.parse(state) as { serial: number; lineage: string };
  const body = { data: { type: 'state-versions', attributes: { serial: parsed.serial, lineage: parsed.lineage, md5: md5Of(state) } } };
  const created = await expectStatus(
    service.request('POST', `/workspaces/${workspaceId}/state-versions`, { token, body }),
    201,
    `creating a pending state version of ${workspaceId}`,
  );
  return created.body.data;
}

/** Sends a state to an upload address as Terraform does: no token, the bytes as they are. */
export function putToAddress(service: TestService, address: string, text: string | Buffer): Promise<ApiResponse> {
  return service.request('PUT', address, { token: null, rawBody: text, headers: { 'content-type': 'application/octet-stream' } });
}

/** Creates an SSH key in the organization as its owner; returns its ID. */
export async function createSshKey(service: TestService, name: string = uniqueFixtureName('key'), organization: string = ORG): Promise<string> {
  const body = { data: { type: 'ssh-keys', attributes: { name, value: 'not-a-real-private-key' } } };
  const created = await expectStatus(service.request('POST', `/organizations/${organization}/ssh-keys`, { body }), 201, `creating SSH key ${name}`);
  return created.body.data.id;
}

/** Creates an API token for the user `token` belongs to (alice by default); returns the token's ID. */
export async function createAuthenticationToken(service: TestService, userId = 'user-alice', token: string = TOKENS.owner): Promise<string> {
  const body = { data: { type: 'authentication-tokens', attributes: { description: 'made by a fixture' } } };
  const created = await expectStatus(service.request('POST', `/users/${userId}/authentication-tokens`, { token, body }), 201, `creating a token for ${userId}`);
  return created.body.data.id;
}

/** Creates an organization, as a site administrator (`siteAdminToken`); returns its name. */
export async function createOrganization(service: TestService, siteAdminToken: string, name: string = uniqueFixtureName('org')): Promise<string> {
  const body = { data: { type: 'organizations', attributes: { name, email: `${name}@example.com` } } };
  await expectStatus(service.request('POST', '/organizations', { token: siteAdminToken, body }), 201, `creating organization ${name}`);
  return name;
}

/** The ID a to-one relationship of a resource points at; undefined when it has none. */
export function relatedId(resource: WorkspaceResource, relationship: string): string | undefined {
  const data = resource.relationships?.[relationship]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
}
