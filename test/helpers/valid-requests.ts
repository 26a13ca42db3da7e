// A request each endpoint must answer with a success, made per resource. Each factory first makes
// what the request needs through the real API (a workspace of its own, a lock, a change request, an
// SSH key, a throwaway organization…), so it succeeds whatever other requests did to the shared
// fixtures, then gives the path parameters, body and token to send. The contract test sends one per
// operation: every operation is shown to succeed, not only to refuse.
import type { EndpointName } from '../../src/contract';
import {
  addFlatTags,
  addRemoteStateConsumers,
  addTagBindings,
  createAuthenticationToken,
  createChangeRequests,
  createOrganization,
  createSshKey,
  createWorkspace,
  createPendingStateVersion,
  createStateVersion,
  createWorkspaces,
  inlineStateVersionBody,
  terraformState,
  lockWorkspace,
  setDataRetentionPolicy,
  uniqueFixtureName,
  workspaceRelationships,
} from './fixtures';
import { ORG, TOKENS, defaultBootstrap, type TestService } from './service';
import { ACCESS_REQUESTS } from './valid-requests-access';

/** The site administrator's token in `validRequestsBootstrap()`: organizations are created and deleted by one. */
export const SITE_ADMIN_TOKEN = 'site-admin-token';

/**
 * What the factories need of the service: the self-hosted edition (data retention policies exist
 * only there) and a site administrator, besides `examples/bootstrap.json`.
 */
export function validRequestsBootstrap(): any {
  const bootstrap = defaultBootstrap();
  bootstrap.edition = 'self-hosted';
  bootstrap.users.push({ username: 'root', id: 'user-root', 'site-admin': true, tokens: [SITE_ADMIN_TOKEN] });
  // A team with a known ID, for the endpoints under /teams/:team_id.
  bootstrap.organizations[0].teams.push({ name: 'valid-requests', id: VALID_REQUESTS_TEAM_ID, members: [] });
  return bootstrap;
}

/** The team of `validRequestsBootstrap()` in `acme` that team tokens and notification configurations are made for. */
export const VALID_REQUESTS_TEAM_ID = 'team-valid-requests';

export interface ValidRequest {
  /** Path parameters by name. */
  parameters: Record<string, string>;
  /** Query parameters by name (a list that needs its filters). */
  query?: Record<string, string>;
  /** The request document; none for an endpoint without a body. */
  body?: unknown;
  /** `null`: no token. @default the owner of `acme` */
  token?: string | null;
}

export type RequestFactory = (service: TestService) => Promise<ValidRequest>;
type Factories = Partial<Record<EndpointName, RequestFactory>>;

const inOrg = { organization_name: ORG };
const workspaceBody = (attributes: Record<string, unknown>) => ({ data: { type: 'workspaces', attributes } });
const consumersBody = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

/** The workspace's ID and its name in `acme`: the two ways an endpoint finds a workspace. */
async function aWorkspace(service: TestService): Promise<{ workspace_id: string; organization_name: string; name: string }> {
  const workspace = await createWorkspace(service);
  return { workspace_id: workspace.id, organization_name: ORG, name: workspace.attributes.name };
}

const byId = async (service: TestService) => ({ workspace_id: (await aWorkspace(service)).workspace_id });
const byName = async (service: TestService) => {
  const { organization_name, name } = await aWorkspace(service);
  return { organization_name, name };
};

/** Workspaces, their locks and safe and force deletes: each request gets a workspace of its own. */
export const WORKSPACE_REQUESTS = {
  createWorkspace: async () => ({ parameters: inOrg, body: workspaceBody({ name: uniqueFixtureName('ws'), description: 'made by a valid request' }) }),
  listWorkspaces: async () => ({ parameters: inOrg }),
  showWorkspace: async (service) => ({ parameters: await byId(service) }),
  showWorkspaceByName: async (service) => ({ parameters: await byName(service) }),
  updateWorkspace: async (service) => ({ parameters: await byId(service), body: workspaceBody({ description: 'changed' }) }),
  updateWorkspaceByName: async (service) => ({ parameters: await byName(service), body: workspaceBody({ description: 'changed' }) }),
  safeDeleteWorkspace: async (service) => ({ parameters: await byId(service) }),
  safeDeleteWorkspaceByName: async (service) => ({ parameters: await byName(service) }),
  forceDeleteWorkspace: async (service) => ({ parameters: await byId(service) }),
  forceDeleteWorkspaceByName: async (service) => ({ parameters: await byName(service) }),
  lockWorkspace: async (service) => ({ parameters: await byId(service), body: { reason: 'a valid request' } }),
  unlockWorkspace: async (service) => {
    const parameters = await byId(service);
    await lockWorkspace(service, parameters.workspace_id, 'to be unlocked');
    return { parameters };
  },
  forceUnlockWorkspace: async (service) => {
    const parameters = await byId(service);
    await lockWorkspace(service, parameters.workspace_id, 'locked by a writer', TOKENS.writer);
    return { parameters };
  },
} satisfies Factories;

/** SSH keys of `acme`, and assigning one to a workspace. */
export const SSH_KEY_REQUESTS = {
  listSshKeys: async () => ({ parameters: inOrg }),
  createSshKey: async () => ({
    parameters: inOrg,
    body: { data: { type: 'ssh-keys', attributes: { name: uniqueFixtureName('key'), value: 'not-a-real-key' } } },
  }),
  showSshKey: async (service) => ({ parameters: { ssh_key_id: await createSshKey(service) } }),
  updateSshKey: async (service) => ({
    parameters: { ssh_key_id: await createSshKey(service) },
    body: { data: { type: 'ssh-keys', attributes: { name: uniqueFixtureName('renamed') } } },
  }),
  deleteSshKey: async (service) => ({ parameters: { ssh_key_id: await createSshKey(service) } }),
  assignSshKey: async (service) => {
    const [parameters, keyId] = await Promise.all([byId(service), createSshKey(service)]);
    return { parameters, body: { data: { type: 'workspaces', attributes: { id: keyId } } } };
  },
} satisfies Factories;

/** Flat tags: lists and removals find a tag already there. */
export const FLAT_TAG_REQUESTS = {
  listWorkspaceTags: async (service) => {
    const parameters = await byId(service);
    await addFlatTags(service, parameters.workspace_id, ['listed']);
    return { parameters };
  },
  addWorkspaceTags: async (service) => ({ parameters: await byId(service), body: { data: [{ type: 'tags', attributes: { name: 'added' } }] } }),
  removeWorkspaceTags: async (service) => {
    const parameters = await byId(service);
    await addFlatTags(service, parameters.workspace_id, ['removed', 'kept']);
    return { parameters, body: { data: [{ type: 'tags', attributes: { name: 'removed' } }] } };
  },
} satisfies Factories;

/** Tag bindings: the effective ones of a workspace in `prj-platform`, which binds tags of its own. */
export const TAG_BINDING_REQUESTS = {
  listTagBindings: async (service) => {
    const parameters = await byId(service);
    await addTagBindings(service, parameters.workspace_id, { team: 'platform' });
    return { parameters };
  },
  addTagBindings: async (service) => ({
    parameters: await byId(service),
    body: { data: [{ type: 'tag-bindings', attributes: { key: 'env', value: 'test' } }] },
  }),
  listEffectiveTagBindings: async (service) => {
    const workspace = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform', tagBindings: { env: 'test' } }));
    return { parameters: { workspace_id: workspace.id } };
  },
} satisfies Factories;

/** Remote state consumers: a workspace and the workspaces that may read its state. */
export const REMOTE_STATE_CONSUMER_REQUESTS = {
  listRemoteStateConsumers: async (service) => {
    const [source, consumer] = await createWorkspaces(service, 2);
    await addRemoteStateConsumers(service, source.id, [consumer.id]);
    return { parameters: { workspace_id: source.id } };
  },
  replaceRemoteStateConsumers: async (service) => {
    const [source, consumer] = await createWorkspaces(service, 2);
    return { parameters: { workspace_id: source.id }, body: consumersBody([consumer.id]) };
  },
  addRemoteStateConsumers: async (service) => {
    const [source, consumer] = await createWorkspaces(service, 2);
    return { parameters: { workspace_id: source.id }, body: consumersBody([consumer.id]) };
  },
  removeRemoteStateConsumers: async (service) => {
    const [source, consumer] = await createWorkspaces(service, 2);
    await addRemoteStateConsumers(service, source.id, [consumer.id]);
    return { parameters: { workspace_id: source.id }, body: consumersBody([consumer.id]) };
  },
} satisfies Factories;

/** Data retention policies (the self-hosted edition): shows and deletes find one set. */
export const DATA_RETENTION_REQUESTS = {
  showDataRetentionPolicy: async (service) => {
    const parameters = await byId(service);
    await setDataRetentionPolicy(service, parameters.workspace_id, 30);
    return { parameters };
  },
  setDataRetentionPolicy: async (service) => ({
    parameters: await byId(service),
    body: { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 30 } } },
  }),
  deleteDataRetentionPolicy: async (service) => {
    const parameters = await byId(service);
    await setDataRetentionPolicy(service, parameters.workspace_id, 30);
    return { parameters };
  },
} satisfies Factories;

/** A change request of its own, unarchived, on a workspace of its own. */
async function aChangeRequest(service: TestService): Promise<{ change_request_id: string }> {
  const workspace = await createWorkspace(service);
  const [id] = await createChangeRequests(service, [workspace.id], { subject: 'a valid request' });
  return { change_request_id: id };
}
const changeRequest = async (service: TestService) => ({ parameters: await aChangeRequest(service) });

/** Change requests (`acme` is of the plus tier): lists, shows, every way to archive, and the bulk action that files them. */
export const CHANGE_REQUEST_REQUESTS = {
  listChangeRequests: async (service) => {
    const workspace = await createWorkspace(service);
    await createChangeRequests(service, [workspace.id]);
    return { parameters: { workspace: workspace.id } };
  },
  showChangeRequest: changeRequest,
  showWorkspaceChangeRequest: changeRequest,
  archiveChangeRequest: changeRequest,
  archiveChangeRequestByPost: changeRequest,
  archiveChangeRequestByPatch: changeRequest,
  archiveWorkspaceChangeRequest: changeRequest,
  archiveWorkspaceChangeRequestByPost: changeRequest,
  archiveWorkspaceChangeRequestByPatch: changeRequest,
  createBulkAction: async (service) => {
    const workspace = await createWorkspace(service);
    const attributes = { action_type: 'change_requests', action_inputs: { subject: 's', message: 'm' }, target_ids: [workspace.id] };
    return { parameters: inOrg, body: { data: { type: 'bulk_actions', attributes } } };
  },
} satisfies Factories;

/** Organizations: those a request changes or deletes are throwaway ones a site administrator made. */
export const ORGANIZATION_REQUESTS = {
  listOrganizations: async () => ({ parameters: {} }),
  createOrganization: async () => {
    const name = uniqueFixtureName('org');
    return { parameters: {}, body: { data: { type: 'organizations', attributes: { name, email: `${name}@example.com` } } }, token: SITE_ADMIN_TOKEN };
  },
  showOrganization: async () => ({ parameters: inOrg }),
  updateOrganization: async (service) => ({
    parameters: { organization_name: await createOrganization(service, SITE_ADMIN_TOKEN) },
    body: { data: { type: 'organizations', attributes: { email: 'changed@example.com' } } },
    token: SITE_ADMIN_TOKEN,
  }),
  deleteOrganization: async (service) => ({ parameters: { organization_name: await createOrganization(service, SITE_ADMIN_TOKEN) }, token: SITE_ADMIN_TOKEN }),
  showEntitlementSet: async () => ({ parameters: inOrg }),
} satisfies Factories;

/** The caller's account, its API tokens (alice's), and what any token or none may read. */
export const ACCOUNT_REQUESTS = {
  showAccountDetails: async () => ({ parameters: {} }),
  ping: async () => ({ parameters: {} }),
  showOpenApiDocument: async () => ({ parameters: {}, token: null }),
  listAuthenticationTokens: async (service) => {
    await createAuthenticationToken(service);
    return { parameters: { user_id: 'user-alice' } };
  },
  createAuthenticationToken: async () => ({
    parameters: { user_id: 'user-alice' },
    body: { data: { type: 'authentication-tokens', attributes: { description: 'a valid request' } } },
  }),
  showAuthenticationToken: async (service) => ({ parameters: { token_id: await createAuthenticationToken(service) } }),
  deleteAuthenticationToken: async (service) => ({ parameters: { token_id: await createAuthenticationToken(service) } }),
} satisfies Factories;

/** A flat tag of `acme` on a workspace of its own; its ID. */
async function aFlatTag(service: TestService): Promise<string> {
  const { workspace_id } = await byId(service);
  const name = uniqueFixtureName('tag').toLowerCase();
  await addFlatTags(service, workspace_id, [name]);
  const listed = await service.request('GET', `/workspaces/${workspace_id}/relationships/tags`);
  return (listed.body as { data: Array<{ id: string }> }).data[0].id;
}

/** An agent pool of `acme` of its own; its ID. */
async function anAgentPool(service: TestService): Promise<string> {
  const body = { data: { type: 'agent-pools', attributes: { name: uniqueFixtureName('pool') } } };
  const created = await service.request('POST', `/organizations/${ORG}/agent-pools`, { body });
  if (created.status !== 201) throw new Error(`creating an agent pool answered ${created.status}`);
  return (created.body as { data: { id: string } }).data.id;
}

const deleteOlderBody = (days: number) => ({ data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': days } } });

/** Organization tags, data retention and agent pools, and the admin plan endpoints (go-tfe's newest tests). */
export const ORGANIZATION_EXTRA_REQUESTS = {
  listOrganizationTags: async (service) => {
    await aFlatTag(service);
    return { parameters: inOrg };
  },
  deleteOrganizationTags: async (service) => ({ parameters: inOrg, body: { data: [{ type: 'tags', id: await aFlatTag(service) }] } }),
  addTagToWorkspaces: async (service) => {
    const [tagId, { workspace_id }] = await Promise.all([aFlatTag(service), byId(service)]);
    return { parameters: { tag_id: tagId }, body: { data: [{ type: 'workspaces', id: workspace_id }] } };
  },
  showOrganizationDataRetentionPolicy: async () => ({ parameters: inOrg }),
  setOrganizationDataRetentionPolicy: async (service) => ({
    parameters: { organization_name: await createOrganization(service, SITE_ADMIN_TOKEN) },
    body: deleteOlderBody(30),
    token: SITE_ADMIN_TOKEN,
  }),
  deleteOrganizationDataRetentionPolicy: async (service) => {
    const organization_name = await createOrganization(service, SITE_ADMIN_TOKEN);
    await service.request('POST', `/organizations/${organization_name}/relationships/data-retention-policy`, {
      token: SITE_ADMIN_TOKEN,
      body: deleteOlderBody(30),
    });
    return { parameters: { organization_name }, token: SITE_ADMIN_TOKEN };
  },
  listAgentPools: async () => ({ parameters: inOrg }),
  createAgentPool: async () => ({ parameters: inOrg, body: { data: { type: 'agent-pools', attributes: { name: uniqueFixtureName('pool') } } } }),
  showAgentPool: async (service) => ({ parameters: { agent_pool_id: await anAgentPool(service) } }),
  updateAgentPool: async (service) => ({
    parameters: { agent_pool_id: await anAgentPool(service) },
    body: { data: { type: 'agent-pools', attributes: { name: uniqueFixtureName('renamed-pool') } } },
  }),
  deleteAgentPool: async (service) => ({ parameters: { agent_pool_id: await anAgentPool(service) } }),
  listFeatureSets: async () => ({ parameters: {}, token: SITE_ADMIN_TOKEN }),
  setOrganizationSubscription: async (service) => ({
    parameters: { organization_name: await createOrganization(service, SITE_ADMIN_TOKEN) },
    body: {
      data: {
        type: 'subscription',
        attributes: { 'runs-ceiling': 1 },
        relationships: { 'feature-set': { data: { type: 'feature-sets', id: 'fs-business' } } },
      },
    },
    token: SITE_ADMIN_TOKEN,
  }),
} satisfies Factories;

/** A workspace of its own holding a finalized state with one output; its IDs. */
async function aState(service: TestService): Promise<{ workspace_id: string; name: string; state_version_id: string; output_id: string }> {
  const { workspace_id, name } = await aWorkspace(service);
  const sv = await createStateVersion(service, workspace_id, terraformState({ outputs: { greeting: { value: 'hello' } } }));
  return { workspace_id, name, state_version_id: sv.id, output_id: sv.relationships.outputs.data[0].id };
}

/** The key of a pending state version's upload address (the address's last segment). */
async function anUploadAddress(service: TestService, kind: 'hosted-state-upload-url' | 'hosted-json-state-upload-url', state: string) {
  const { workspace_id } = await aWorkspace(service);
  const sv = await createPendingStateVersion(service, workspace_id, state);
  const address = new URL(sv.attributes[kind]);
  return { state_version_id: sv.id, upload_key: decodeURIComponent(address.pathname.split('/').pop()!) };
}

/**
 * State versions: each request gets a workspace with a state of its own. The uploads' bodies are
 * sent as JSON text, so the state's digest is taken of exactly that text.
 */
export const STATE_VERSION_REQUESTS = {
  createStateVersion: async (service) => {
    const parameters = await byId(service);
    await lockWorkspace(service, parameters.workspace_id, 'writing state');
    return { parameters, body: inlineStateVersionBody(terraformState()) };
  },
  listStateVersions: async (service) => {
    const { name } = await aState(service);
    return { parameters: {}, query: { 'filter[organization][name]': ORG, 'filter[workspace][name]': name } };
  },
  showStateVersion: async (service) => ({ parameters: { state_version_id: (await aState(service)).state_version_id } }),
  showCurrentStateVersion: async (service) => ({ parameters: { workspace_id: (await aState(service)).workspace_id } }),
  listStateVersionOutputs: async (service) => ({ parameters: { state_version_id: (await aState(service)).state_version_id } }),
  listCurrentStateVersionOutputs: async (service) => ({ parameters: { workspace_id: (await aState(service)).workspace_id } }),
  showStateVersionOutput: async (service) => ({ parameters: { state_version_output_id: (await aState(service)).output_id } }),
  downloadState: async (service) => ({ parameters: { state_version_id: (await aState(service)).state_version_id } }),
  downloadJsonState: async (service) => {
    const { workspace_id } = await aWorkspace(service);
    await lockWorkspace(service, workspace_id, 'writing state');
    const json = Buffer.from(JSON.stringify({ format_version: '1.0' })).toString('base64');
    const created = await service.request('POST', `/workspaces/${workspace_id}/state-versions`, {
      body: inlineStateVersionBody(terraformState(), { 'json-state': json }),
    });
    return { parameters: { state_version_id: created.body.data.id } };
  },
  uploadState: async (service) => {
    const state = JSON.parse(terraformState());
    return { parameters: await anUploadAddress(service, 'hosted-state-upload-url', JSON.stringify(state)), body: state, token: null };
  },
  uploadJsonState: async (service) => ({
    parameters: await anUploadAddress(service, 'hosted-json-state-upload-url', terraformState()),
    body: { format_version: '1.0' },
    token: null,
  }),
} satisfies Factories;

const variableBody = (attributes: Record<string, unknown>) => ({ data: { type: 'vars', attributes } });
const newVariable = () => variableBody({ key: uniqueFixtureName('key'), value: 'made by a valid request', category: 'terraform' });

/** A workspace of its own with one variable; their IDs and the workspace's name. */
async function aVariable(service: TestService): Promise<{ workspace_id: string; name: string; variable_id: string }> {
  const { workspace_id, name } = await aWorkspace(service);
  const created = await service.request('POST', `/workspaces/${workspace_id}/vars`, { body: newVariable() });
  return { workspace_id, name, variable_id: created.body.data.id };
}

/** Variables: each request gets a workspace and a variable of its own. */
export const VARIABLE_REQUESTS = {
  listVariables: async (service) => ({ parameters: { workspace_id: (await aVariable(service)).workspace_id } }),
  listEffectiveVariables: async (service) => ({ parameters: { workspace_id: (await aVariable(service)).workspace_id } }),
  createVariable: async (service) => ({ parameters: await byId(service), body: newVariable() }),
  showVariable: async (service) => {
    const { workspace_id, variable_id } = await aVariable(service);
    return { parameters: { workspace_id, variable_id } };
  },
  updateVariable: async (service) => {
    const { workspace_id, variable_id } = await aVariable(service);
    return { parameters: { workspace_id, variable_id }, body: variableBody({ value: 'changed' }) };
  },
  deleteVariable: async (service) => {
    const { workspace_id, variable_id } = await aVariable(service);
    return { parameters: { workspace_id, variable_id } };
  },
  listVariablesByWorkspaceName: async (service) => ({
    parameters: {},
    query: { 'filter[organization][name]': ORG, 'filter[workspace][name]': (await aVariable(service)).name },
  }),
  createVariableOfWorkspace: async (service) => {
    const { workspace_id } = await byId(service);
    const body = newVariable();
    return { parameters: {}, body: { data: { ...body.data, relationships: { workspace: { data: { type: 'workspaces', id: workspace_id } } } } } };
  },
  updateVariableById: async (service) => ({
    parameters: { variable_id: (await aVariable(service)).variable_id },
    body: variableBody({ description: 'changed' }),
  }),
  deleteVariableById: async (service) => ({ parameters: { variable_id: (await aVariable(service)).variable_id } }),
} satisfies Factories;

const varsetBody = (attributes: Record<string, unknown>) => ({ data: { type: 'varsets', attributes } });

/** A variable set of its own in `acme`, holding one variable; their IDs. */
async function aVariableSet(service: TestService): Promise<{ variable_set_id: string; variable_id: string }> {
  const created = await service.request('POST', `/organizations/${ORG}/varsets`, { body: varsetBody({ name: uniqueFixtureName('set'), global: false }) });
  const variable = await service.request('POST', `/varsets/${created.body.data.id}/relationships/vars`, { body: newVariable() });
  return { variable_set_id: created.body.data.id, variable_id: variable.body.data.id };
}

/** The ID of `acme`'s default project, as the workspace document names it. */
async function aProject(service: TestService): Promise<string> {
  const workspace = await service.request('GET', `/workspaces/${(await createWorkspace(service)).id}`);
  return workspace.body.data.relationships.project.data.id as string;
}

const workspacesOf = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

/** Variable sets: each request gets a set (and, where it needs them, workspaces) of its own. */
export const VARIABLE_SET_REQUESTS = {
  listVariableSets: async (service) => (await aVariableSet(service), { parameters: inOrg }),
  createVariableSet: async () => ({ parameters: inOrg, body: varsetBody({ name: uniqueFixtureName('set'), description: 'made by a valid request' }) }),
  listWorkspaceVariableSets: async (service) => ({ parameters: await byId(service) }),
  listProjectVariableSets: async (service) => ({ parameters: { project_id: await aProject(service) } }),
  showVariableSet: async (service) => ({ parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id } }),
  updateVariableSet: async (service) => ({
    parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id },
    body: varsetBody({ description: 'changed' }),
  }),
  deleteVariableSet: async (service) => ({ parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id } }),
  applyVariableSetToWorkspaces: async (service) => ({
    parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id },
    body: workspacesOf([(await byId(service)).workspace_id]),
  }),
  removeVariableSetFromWorkspaces: async (service) => {
    const { variable_set_id } = await aVariableSet(service);
    const body = workspacesOf([(await byId(service)).workspace_id]);
    await service.request('POST', `/varsets/${variable_set_id}/relationships/workspaces`, { body });
    return { parameters: { variable_set_id }, body };
  },
  applyVariableSetToProjects: async (service) => ({
    parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id },
    body: { data: [{ type: 'projects', id: await aProject(service) }] },
  }),
  removeVariableSetFromProjects: async (service) => {
    const { variable_set_id } = await aVariableSet(service);
    const body = { data: [{ type: 'projects', id: await aProject(service) }] };
    await service.request('POST', `/varsets/${variable_set_id}/relationships/projects`, { body });
    return { parameters: { variable_set_id }, body };
  },
  listVariableSetVariables: async (service) => ({ parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id } }),
  createVariableSetVariable: async (service) => ({ parameters: { variable_set_id: (await aVariableSet(service)).variable_set_id }, body: newVariable() }),
  showVariableSetVariable: async (service) => ({ parameters: await aVariableSet(service) }),
  updateVariableSetVariable: async (service) => ({ parameters: await aVariableSet(service), body: variableBody({ value: 'changed' }) }),
  deleteVariableSetVariable: async (service) => ({ parameters: await aVariableSet(service) }),
} satisfies Factories;

/** The emulator's controls, with its admin token. */
export const EMULATOR_REQUESTS = {
  listNotifications: async () => ({ parameters: {}, token: TOKENS.emulator }),
} satisfies Factories;

/** A throwaway organization of the site administrator (an owner of it), with an organization token. */
async function anOrganizationWithToken(service: TestService): Promise<string> {
  const name = await createOrganization(service, SITE_ADMIN_TOKEN);
  const made = await service.request('POST', `/organizations/${name}/authentication-token`, { token: SITE_ADMIN_TOKEN });
  if (made.status !== 201) throw new Error(`making an organization token answered ${made.status}`);
  return name;
}

/** A team token of the valid-requests team (made again each time: a team has one). */
async function aTeamToken(service: TestService): Promise<void> {
  const made = await service.request('POST', `/teams/${VALID_REQUESTS_TEAM_ID}/authentication-token`);
  if (made.status !== 201) throw new Error(`making a team token answered ${made.status}`);
}

/** Organization and team tokens: organization ones on throwaway organizations, team ones on the valid-requests team. */
export const SERVICE_TOKEN_REQUESTS = {
  createOrganizationToken: async (service) => ({
    parameters: { organization_name: await createOrganization(service, SITE_ADMIN_TOKEN) },
    token: SITE_ADMIN_TOKEN,
  }),
  showOrganizationToken: async (service) => ({ parameters: { organization_name: await anOrganizationWithToken(service) }, token: SITE_ADMIN_TOKEN }),
  deleteOrganizationToken: async (service) => ({ parameters: { organization_name: await anOrganizationWithToken(service) }, token: SITE_ADMIN_TOKEN }),
  createTeamToken: async () => ({ parameters: { team_id: VALID_REQUESTS_TEAM_ID }, body: { data: { type: 'authentication-tokens', attributes: {} } } }),
  showTeamToken: async (service) => {
    await aTeamToken(service);
    return { parameters: { team_id: VALID_REQUESTS_TEAM_ID } };
  },
  deleteTeamToken: async (service) => {
    await aTeamToken(service);
    return { parameters: { team_id: VALID_REQUESTS_TEAM_ID } };
  },
} satisfies Factories;

const webhookBody = (name: string) => ({
  data: {
    type: 'notification-configurations',
    // Nothing listens on the discard port: a verification is answered at once, as a failed delivery.
    attributes: { 'destination-type': 'generic', enabled: true, name, url: 'http://127.0.0.1:9/hook', triggers: ['change_request:created'] },
  },
});

/** A notification configuration of the valid-requests team; its ID. */
async function aNotificationConfiguration(service: TestService): Promise<string> {
  const made = await service.request('POST', `/teams/${VALID_REQUESTS_TEAM_ID}/notification-configurations`, { body: webhookBody(uniqueFixtureName('hook')) });
  if (made.status !== 201) throw new Error(`making a notification configuration answered ${made.status}`);
  return (made.body as { data: { id: string } }).data.id;
}

/** Team notification configurations, on the valid-requests team (which can read no workspace: nothing is delivered). */
export const NOTIFICATION_CONFIGURATION_REQUESTS = {
  listTeamNotificationConfigurations: async () => ({ parameters: { team_id: VALID_REQUESTS_TEAM_ID } }),
  createTeamNotificationConfiguration: async () => ({ parameters: { team_id: VALID_REQUESTS_TEAM_ID }, body: webhookBody(uniqueFixtureName('hook')) }),
  showNotificationConfiguration: async (service) => ({ parameters: { notification_configuration_id: await aNotificationConfiguration(service) } }),
  updateNotificationConfiguration: async (service) => ({
    parameters: { notification_configuration_id: await aNotificationConfiguration(service) },
    body: { data: { type: 'notification-configurations', attributes: { enabled: false } } },
  }),
  deleteNotificationConfiguration: async (service) => ({ parameters: { notification_configuration_id: await aNotificationConfiguration(service) } }),
  verifyNotificationConfiguration: async (service) => ({ parameters: { notification_configuration_id: await aNotificationConfiguration(service) } }),
} satisfies Factories;

/** One factory per endpoint of the table: a new endpoint without one does not compile. */
export const VALID_REQUESTS: Readonly<Record<EndpointName, RequestFactory>> = {
  ...WORKSPACE_REQUESTS,
  ...SSH_KEY_REQUESTS,
  ...FLAT_TAG_REQUESTS,
  ...TAG_BINDING_REQUESTS,
  ...REMOTE_STATE_CONSUMER_REQUESTS,
  ...STATE_VERSION_REQUESTS,
  ...DATA_RETENTION_REQUESTS,
  ...CHANGE_REQUEST_REQUESTS,
  ...ORGANIZATION_REQUESTS,
  ...ORGANIZATION_EXTRA_REQUESTS,
  ...ACCOUNT_REQUESTS,
  ...EMULATOR_REQUESTS,
  ...VARIABLE_REQUESTS,
  ...VARIABLE_SET_REQUESTS,
  ...SERVICE_TOKEN_REQUESTS,
  ...NOTIFICATION_CONFIGURATION_REQUESTS,
  ...ACCESS_REQUESTS,
};
