// The permission matrix: owner, organization token, workspace admin, writer, reader, outsider.
// Spec "Authentication" 2–10; architecture "Bootstrap file" (access levels and the `permissions` keys by
// level); decisions 5, 13, 20.
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import {
  PERMISSION_KEYS,
  acmeOf,
  editedBootstrap,
  expectError,
  listNames,
  patchWorkspace,
  postWorkspace,
  showWorkspace,
  uniqueName,
} from '../helpers/workspace-assertions';

const service = useService({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    b.users.push({ username: 'gina', id: 'user-gina', tokens: ['gina-token'] });
    b.users.push({ username: 'hank', id: 'user-hank', tokens: ['hank-token'] });
    b.users.push({ username: 'ivy', id: 'user-ivy', tokens: ['ivy-token'] });
    b.users.push({ username: 'mona', id: 'user-mona', tokens: ['mona-token'] });
    b.users.push({ username: 'pete', id: 'user-pete', tokens: ['pete-token'] });
    b.users.push({ username: 'pat', id: 'user-pat', tokens: ['pat-token'] });
    b.users.push({ username: 'walt', id: 'user-walt', tokens: ['walt-token'] });
    b.users.push({ username: 'cora', id: 'user-cora', tokens: ['cora-token'] });
    acmeOf(b).teams.push({ name: 'one-workspace', members: ['gina'], 'workspace-access': [{ workspace: 'gina-visible', access: 'read' }] });
    acmeOf(b).teams.push({ name: 'platform-readers', members: ['hank'], 'project-access': [{ project: 'platform', access: 'read' }] });
    acmeOf(b).teams.push({ name: 'planners', members: ['ivy'], 'workspace-access': [{ workspace: '*', access: 'plan' }] });
    acmeOf(b)
      .teams.find((t: any) => t.name === 'platform')
      .members.push('walt');
    acmeOf(b).teams.push({ name: 'case-team', members: ['cora'], 'workspace-access': [{ workspace: 'Cora-Visible', access: 'write' }] });
    acmeOf(b).teams.push({ name: 'project-managers', members: ['mona'], 'organization-access': { 'manage-projects': true } });
    acmeOf(b).teams.push({
      name: 'platform-admins',
      members: ['pete'],
      'workspace-access': [{ workspace: '*', access: 'admin' }],
      'project-access': [{ project: 'platform', access: 'admin' }],
    });
    acmeOf(b).teams.push({
      name: 'both-project-admins',
      members: ['pat'],
      'project-access': [
        { project: 'Default Project', access: 'admin' },
        { project: 'platform', access: 'admin' },
      ],
    });
  }),
});

const READ = ['can-read-run', 'can-read-state-versions', 'can-read-state-outputs', 'can-read-settings', 'can-read-assessment-results'];
const PLAN = ['can-queue-run'];
const WRITE = ['can-queue-apply', 'can-queue-destroy', 'can-lock', 'can-unlock', 'can-read-variable', 'can-update-variable', 'can-create-state-versions'];
const ADMIN = [
  'can-update',
  'can-destroy',
  'can-force-unlock',
  'can-manage-tags',
  'can-manage-run-tasks',
  'can-manage-assessments',
  'can-manage-ephemeral-workspaces',
];

function permissionsGranting(granted: string[]): Record<string, boolean> {
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, granted.includes(key)]));
}

const EXPECTED: Array<[string, string, Record<string, boolean>]> = [
  ['the owner', TOKENS.owner, permissionsGranting([...PERMISSION_KEYS])],
  ['the organization token', TOKENS.org, permissionsGranting([...PERMISSION_KEYS])],
  ['a workspace admin', TOKENS.admin, permissionsGranting([...READ, ...PLAN, ...WRITE, ...ADMIN])],
  ['a writer', TOKENS.writer, permissionsGranting([...READ, ...PLAN, ...WRITE])],
  ['a planner', 'ivy-token', permissionsGranting([...READ, ...PLAN])],
  ['a reader', TOKENS.reader, permissionsGranting(READ)],
];

describe('the permissions attribute', () => {
  let id: string;
  let name: string;
  beforeAll(async () => {
    const ws = await createWorkspace(service);
    id = ws.id;
    name = ws.attributes.name;
  });

  it.each(EXPECTED)('reports the rights of %s on show', async (_label, token, expected) => {
    const response = await showWorkspace(service, id, token);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.permissions).toEqual(expected);
  });

  it.each(EXPECTED)('reports the rights of %s in list items', async (_label, token, expected) => {
    const response = await service.request('GET', `/organizations/${ORG}/workspaces?search%5Bname%5D=${name}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0].attributes.permissions).toEqual(expected);
  });

  it('reports the rights of the caller in the answer to an update', async () => {
    const response = await patchWorkspace(service, id, { description: 'by admin' }, {}, TOKENS.admin);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.permissions).toEqual(EXPECTED[2][2]);
  });
});

describe('who may see a workspace', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a workspace admin', TOKENS.admin],
    ['a writer', TOKENS.writer],
    ['a reader', TOKENS.reader],
  ])('shows it to %s by ID and by name', async (_label, token) => {
    const ws = await createWorkspace(service);
    expect((await showWorkspace(service, ws.id, token)).status).toBe(200);
    expect((await service.request('GET', `/organizations/${ORG}/workspaces/${ws.attributes.name}`, { token })).status).toBe(200);
  });

  it('answers 404 to a user of another organization, by ID and by name', async () => {
    const ws = await createWorkspace(service);
    expectError(await showWorkspace(service, ws.id, TOKENS.outsider), 404);
    expectError(await service.request('GET', `/organizations/${ORG}/workspaces/${ws.attributes.name}`, { token: TOKENS.outsider }), 404);
  });

  it('shows a user with access to one workspace only that workspace', async () => {
    const visible = await createWorkspace(service, { name: 'gina-visible' });
    const hidden = await createWorkspace(service);
    expect(await listNames(service, '', 'gina-token')).toEqual(['gina-visible']);
    expect((await showWorkspace(service, visible.id, 'gina-token')).status).toBe(200);
    expectError(await showWorkspace(service, hidden.id, 'gina-token'), 404);
    expectError(await service.request('GET', `/organizations/${ORG}/workspaces/${hidden.attributes.name}`, { token: 'gina-token' }), 404);
    const meta = (await service.request('GET', `/organizations/${ORG}/workspaces`, { token: 'gina-token' })).body.meta.pagination;
    expect(meta['total-count']).toBe(1);
  });

  it('shows a user with read access on a project the workspaces of that project only', async () => {
    const inside = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform' }));
    const outside = await createWorkspace(service);
    const names = await listNames(service, 'page%5Bsize%5D=100', 'hank-token');
    expect(names).toContain(inside.attributes.name);
    expect(names).not.toContain(outside.attributes.name);
    expectError(await showWorkspace(service, outside.id, 'hank-token'), 404);
    expect((await showWorkspace(service, inside.id, 'hank-token')).body.data.attributes.permissions['can-update']).toBe(false);
  });

  it('matches a team workspace-access entry to a workspace name whatever the case, in show and list', async () => {
    const ws = await createWorkspace(service, { name: 'cora-visible' });
    const shown = await showWorkspace(service, ws.id, 'cora-token');
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.permissions['can-lock']).toBe(true);
    expect(await listNames(service, '', 'cora-token')).toEqual(['cora-visible']);
  });

  it('refuses an action on a hidden workspace with 404, as for a missing one', async () => {
    const hidden = await createWorkspace(service);
    expectError(await service.request('POST', `/workspaces/${hidden.id}/actions/lock`, { token: 'gina-token' }), 404);
    expectError(await patchWorkspace(service, hidden.id, { description: 'x' }, {}, 'gina-token'), 404);
    expectError(await service.request('DELETE', `/workspaces/${hidden.id}`, { token: 'gina-token' }), 404);
    expectError(await service.request('POST', `/workspaces/${hidden.id}/actions/safe-delete`, { token: 'gina-token' }), 404);
  });
});

describe('a member of a team with manage-workspaces', () => {
  it('creates workspaces, sees them all and administers them, but may not force delete', async () => {
    const created = await postWorkspace(service, { name: uniqueName('walt') }, {}, 'walt-token');
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.permissions).toEqual(EXPECTED[2][2]);
    const other = await createWorkspace(service);
    expect((await showWorkspace(service, other.id, 'walt-token')).status).toBe(200);
    expect((await patchWorkspace(service, other.id, { description: 'walt' }, {}, 'walt-token')).status).toBe(200);
    expectError(await service.request('DELETE', `/workspaces/${other.id}`, { token: 'walt-token' }), 403);
  });
});

describe('who may create a workspace', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
  ])('lets %s create one', async (_label, token) => {
    const response = await postWorkspace(service, { name: uniqueName() }, {}, token);
    expect(response.status).toBe(201);
  });

  it.each([
    ['a workspace admin without manage-workspaces', TOKENS.admin],
    ['a writer', TOKENS.writer],
    ['a reader', TOKENS.reader],
  ])('refuses %s and creates nothing', async (_label, token) => {
    const name = uniqueName('refused');
    expectError(await postWorkspace(service, { name }, {}, token), [403, 404]);
    expectError(await service.request('GET', `/organizations/${ORG}/workspaces/${name}`), 404);
  });

  it('answers 404 to a user of another organization', async () => {
    expectError(await postWorkspace(service, { name: uniqueName() }, {}, TOKENS.outsider), 404);
  });
});

describe('who may change settings', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a workspace admin', TOKENS.admin],
  ])('lets %s update', async (_label, token) => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { description: 'changed' }, {}, token);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.description).toBe('changed');
  });

  it.each([
    ['a writer', TOKENS.writer],
    ['a reader', TOKENS.reader],
  ])('refuses %s and changes nothing', async (_label, token) => {
    const ws = await createWorkspace(service, { description: 'kept' });
    expectError(await patchWorkspace(service, ws.id, { description: 'changed' }, {}, token), [403, 404]);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.description).toBe('kept');
  });

  it('answers 404 to a user of another organization', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { description: 'changed' }, {}, TOKENS.outsider), 404);
  });
});

describe('who may move a workspace between projects', () => {
  const toPlatform = { relationships: { project: { data: { type: 'projects', id: 'prj-platform' } } } };

  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a member of a team with manage-projects', 'mona-token'],
    ['an admin of both projects', 'pat-token'],
  ])('lets %s move it', async (_label, token) => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, {}, toPlatform, token);
    expect(response.status).toBe(200);
    expect(response.body.data.relationships.project.data.id).toBe('prj-platform');
  });

  it.each([
    ['a workspace admin without project rights', TOKENS.admin],
    ['an admin of the destination project only', 'pete-token'],
    ['a writer', TOKENS.writer],
  ])('refuses %s and leaves it in its project', async (_label, token) => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, {}, toPlatform, token), [403, 404]);
    expect((await showWorkspace(service, ws.id)).body.data.relationships.project.data.id).toBe('prj-default');
  });
});

describe('who may safe delete', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a workspace admin', TOKENS.admin],
  ])('lets %s safe delete', async (_label, token) => {
    const ws = await createWorkspace(service);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`, { token })).status).toBe(204);
  });

  it.each([
    ['a writer', TOKENS.writer],
    ['a reader', TOKENS.reader],
    ['a user of another organization', TOKENS.outsider],
  ])('answers 404 to %s and keeps the workspace', async (_label, token) => {
    const ws = await createWorkspace(service);
    expectError(await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`, { token }), 404);
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });
});

describe('who may lock', () => {
  it('answers 404 to a planner, whose access is below write', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: 'ivy-token' }), 404);
  });
});

describe('tokens', () => {
  it.each([
    ['no token', null],
    ['an unknown token', 'not-a-real-token'],
  ])('answers 401 to a request with %s', async (_label, token) => {
    expectError(await service.request('GET', `/organizations/${ORG}/workspaces`, { token }), 401);
  });

  it('answers 401 to a known token sent with another scheme', async () => {
    const response = await service.request('GET', `/organizations/${ORG}/workspaces`, { token: null, headers: { authorization: `Basic ${TOKENS.owner}` } });
    expectError(response, 401);
  });

  it('lets the owner of the other organization work there but not here', async () => {
    expect(
      (
        await service.request('POST', '/organizations/freeco/workspaces', {
          token: TOKENS.outsider,
          body: { data: { type: 'workspaces', attributes: { name: uniqueName('freeco') } } },
        })
      ).status,
    ).toBe(201);
    expectError(await service.request('GET', '/organizations/freeco/workspaces', { token: TOKENS.reader }), 404);
  });
});
