// Show by ID and by name; safe delete and force delete by ID and by name; SSH key assignment.
// Spec "Show a workspace", "Safe delete", "Force delete", "Assign or unassign an SSH key",
// "Workspace existence"; decisions 6, 13, 14, 21, 22, 24.
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { createStateVersion, createWorkspace, terraformState } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import {
  RELATIONSHIP_NAMES,
  acmeOf,
  editedBootstrap,
  errorDetail,
  expectError,
  expectWorkspaceDocument,
  loadSample,
  sampleAttributeNames,
  showWorkspace,
  uniqueName,
} from '../helpers/workspace-assertions';

const service = useService();

const byName = (name: string) => `/organizations/${ORG}/workspaces/${name}`;

describe('showing a workspace', () => {
  it('answers by ID with a complete document', async () => {
    const ws = await createWorkspace(service);
    const response = await showWorkspace(service, ws.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/vnd.api+json');
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.id).toBe(ws.id);
  });

  it('has every attribute and relationship of the documented show sample', async () => {
    const sample = loadSample('ws-show-by-name').response_body.data;
    const ws = await createWorkspace(service);
    const data = (await service.request('GET', byName(ws.attributes.name))).body.data;
    expect(Object.keys(data.attributes)).toEqual(expect.arrayContaining(sampleAttributeNames()));
    expect(Object.keys(data.relationships).sort()).toEqual(Object.keys(sample.relationships).sort());
    expect(Object.keys(data.relationships).sort()).toEqual([...RELATIONSHIP_NAMES].sort());
    expect(Object.keys(data.attributes.permissions).sort()).toEqual(Object.keys(sample.attributes.permissions).sort());
    expect(Object.keys(data.attributes['setting-overwrites']).sort()).toEqual(Object.keys(sample.attributes['setting-overwrites']).sort());
    expect(Object.keys(data.links).sort()).toEqual(Object.keys(sample.links).sort());
  });

  it('gives the link-only relationships their related paths', async () => {
    const ws = await createWorkspace(service);
    const r = (await showWorkspace(service, ws.id)).body.data.relationships;
    expect(r['remote-state-consumers'].links.related).toBe(`/api/v2/workspaces/${ws.id}/relationships/remote-state-consumers`);
    expect(r['tag-bindings'].links.related).toBe(`/api/v2/workspaces/${ws.id}/tag-bindings`);
    expect(r['effective-tag-bindings'].links.related).toBe(`/api/v2/workspaces/${ws.id}/effective-tag-bindings`);
    expect(r['current-run'].data).toBeNull();
    expect(r['current-state-version'].data).toBeNull();
    expect(r['ssh-key'].data).toBeNull();
    expect(Array.isArray(r.outputs.data)).toBe(true);
    expect(Array.isArray(r.vars.data)).toBe(true);
  });

  it('answers by name with the same document as by ID', async () => {
    const ws = await createWorkspace(service);
    const a = await showWorkspace(service, ws.id);
    const b = await service.request('GET', byName(ws.attributes.name));
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('finds a workspace by name whatever the case', async () => {
    const ws = await createWorkspace(service, { name: uniqueName('MixedCase') });
    const response = await service.request('GET', byName(ws.attributes.name.toLowerCase()));
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(ws.id);
    expect(response.body.data.attributes.name).toBe(ws.attributes.name);
  });

  it.each([
    ['an unknown ID', '/workspaces/ws-doesnotexist0000'],
    ['an ID without the ws- prefix', '/workspaces/banana'],
    ['an unknown name', `/organizations/${ORG}/workspaces/no-such-workspace`],
    ['an unknown organization', '/organizations/no-such-org/workspaces/anything'],
  ])('answers 404 for %s', async (_label, path) => {
    expectError(await service.request('GET', path), 404);
  });

  it('does not find a workspace of acme under another organization name', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('GET', `/organizations/freeco/workspaces/${ws.attributes.name}`), 404);
  });

  it('adds included resources when asked', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('GET', `/workspaces/${ws.id}?include=organization,project`);
    expect(response.status).toBe(200);
    const included = (response.body.included ?? []).map((r: any) => `${r.type}/${r.id}`);
    expect(included).toEqual(expect.arrayContaining([`organizations/${ORG}`, 'projects/prj-default']));
  });

  it('includes the locking user with include=locked_by', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: TOKENS.writer });
    const response = await service.request('GET', `/workspaces/${ws.id}?include=locked_by`);
    expect(response.status).toBe(200);
    expect((response.body.included ?? []).map((r: any) => `${r.type}/${r.id}`)).toContain('users/user-carol');
  });

  it('accepts every include value of the spec', async () => {
    const ws = await createWorkspace(service);
    const include = [
      'current_configuration_version',
      'current_configuration_version.ingress_attributes',
      'current_run',
      'current_run.configuration_version',
      'current_run.configuration_version.ingress_attributes',
      'current_run.plan',
      'locked_by',
      'organization',
      'outputs',
      'project',
      'readme',
    ].join(',');
    const response = await service.request('GET', `/workspaces/${ws.id}?include=${include}`);
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
  });
});

describe('one document for every single-workspace answer (decision 22)', () => {
  it('answers create, update, lock, unlock, force-unlock and SSH key with the document show gives next', async () => {
    const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('same') } } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const answers: Array<[string, () => Promise<any>]> = [
      ['update', () => service.request('PATCH', `/workspaces/${id}`, { body: { data: { type: 'workspaces', attributes: { description: 'd' } } } })],
      [
        'ssh-key',
        () =>
          service.request('PATCH', `/workspaces/${id}/relationships/ssh-key`, { body: { data: { type: 'workspaces', attributes: { id: 'sshkey-deploy' } } } }),
      ],
      ['lock', () => service.request('POST', `/workspaces/${id}/actions/lock`, { body: { reason: 'r' } })],
      ['unlock', () => service.request('POST', `/workspaces/${id}/actions/unlock`)],
      ['lock again', () => service.request('POST', `/workspaces/${id}/actions/lock`)],
      ['force-unlock', () => service.request('POST', `/workspaces/${id}/actions/force-unlock`)],
    ];
    expect(created.body.data).toEqual((await showWorkspace(service, id)).body.data);
    for (const [label, send] of answers) {
      const answer = await send();
      expect([label, answer.status]).toEqual([label, 200]);
      expect(answer.body.data).toEqual((await showWorkspace(service, id)).body.data);
    }
  });
});

describe('safe delete', () => {
  it.each([
    ['by ID', (ws: any) => `/workspaces/${ws.id}/actions/safe-delete`],
    ['by name', (ws: any) => `${byName(ws.attributes.name)}/actions/safe-delete`],
  ])('deletes a workspace without resources %s with 204 and no body', async (_label, path) => {
    const ws = await createWorkspace(service);
    const response = await service.request('POST', path(ws));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expectError(await showWorkspace(service, ws.id), 404);
  });

  it.each([
    ['by ID', (ws: any) => `/workspaces/${ws.id}/actions/safe-delete`],
    ['by name', (ws: any) => `${byName(ws.attributes.name)}/actions/safe-delete`],
  ])('refuses %s with 409 while the workspace manages resources', async (_label, path) => {
    const ws = await createWorkspace(service);
    await createStateVersion(service, ws.id, terraformState({ resources: 3 }));
    const response = await service.request('POST', path(ws));
    expectError(response, 409);
    expect(errorDetail(response)).toBe('workspace cannot be safely deleted because it is still managing resources');
    const shown = await showWorkspace(service, ws.id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes['resource-count']).toBe(3);
  });

  it('deletes once the current state manages no resources', async () => {
    const ws = await createWorkspace(service);
    await createStateVersion(service, ws.id, terraformState({ resources: 2 }));
    expectError(await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`), 409);
    await createStateVersion(service, ws.id, terraformState({ resources: 0, serial: 2 }));
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`)).status).toBe(204);
  });

  it('refuses a locked workspace with 409 and the locked wording', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { body: { reason: 'busy' } })).status).toBe(200);
    const response = await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`);
    expectError(response, 409);
    expect(errorDetail(response)).toBe('Workspace is currently locked. Workspace must be unlocked before it can be safely deleted');
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });

  it('never both deletes and locks a workspace when the two race', async () => {
    for (let round = 0; round < 40; round++) {
      const ws = await createWorkspace(service);
      const [locked, deleted] = await Promise.all([
        service.request('POST', `/workspaces/${ws.id}/actions/lock`),
        service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`),
      ]);
      const outcome = `${locked.status}/${deleted.status}`;
      expect(['200/409', '404/204']).toContain(outcome);
      expect((await showWorkspace(service, ws.id)).status).toBe(deleted.status === 204 ? 404 : 200);
    }
  });

  it('answers 404 for a workspace that does not exist or was already deleted', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`)).status).toBe(204);
    expectError(await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`), 404);
    expectError(await service.request('POST', `${byName(ws.attributes.name)}/actions/safe-delete`), 404);
  });

  it('frees the name for a new workspace', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`);
    const again = await createWorkspace(service, { name: ws.attributes.name });
    expect(again.id).not.toBe(ws.id);
  });
});

describe('force delete', () => {
  it.each([
    ['by ID', (ws: any) => `/workspaces/${ws.id}`],
    ['by name', (ws: any) => byName(ws.attributes.name)],
  ])('deletes %s with 204 even while the workspace manages resources', async (_label, path) => {
    const ws = await createWorkspace(service);
    await createStateVersion(service, ws.id, terraformState({ resources: 5 }));
    const response = await service.request('DELETE', path(ws));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expectError(await showWorkspace(service, ws.id), 404);
  });

  it('deletes a locked workspace', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', `/workspaces/${ws.id}/actions/lock`);
    expect((await service.request('DELETE', `/workspaces/${ws.id}`)).status).toBe(204);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await service.request('DELETE', '/workspaces/ws-doesnotexist0000'), 404);
    expectError(await service.request('DELETE', byName('no-such-workspace')), 404);
  });

  it.each([
    ['a workspace admin', TOKENS.admin],
    ['a writer', TOKENS.writer],
    ['a reader', TOKENS.reader],
  ])('answers 403 to %s and keeps the workspace', async (_label, token) => {
    const ws = await createWorkspace(service);
    expectError(await service.request('DELETE', `/workspaces/${ws.id}`, { token }), 403);
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });

  it('answers 403 to a workspace admin deleting by name', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('DELETE', byName(ws.attributes.name), { token: TOKENS.admin }), 403);
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });

  it('answers 404 to a user outside the organization', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('DELETE', byName(ws.attributes.name), { token: TOKENS.outsider }), 404);
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });

  it('lets the organization token force delete', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('DELETE', `/workspaces/${ws.id}`, { token: TOKENS.org })).status).toBe(204);
  });

  describe('when the organization lets workspace admins force delete', () => {
    const permissive = useService({
      bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
        acmeOf(b).settings['workspace-admins-can-force-delete'] = true;
      }),
    });

    it('lets a workspace admin force delete and reports can-force-delete', async () => {
      const ws = await createWorkspace(permissive);
      const shown = await permissive.request('GET', `/workspaces/${ws.id}`, { token: TOKENS.admin });
      expect(shown.body.data.attributes.permissions['can-force-delete']).toBe(true);
      expect((await permissive.request('DELETE', `/workspaces/${ws.id}`, { token: TOKENS.admin })).status).toBe(204);
    });

    it('still answers 403 to a writer', async () => {
      const ws = await createWorkspace(permissive);
      expectError(await permissive.request('DELETE', `/workspaces/${ws.id}`, { token: TOKENS.writer }), 403);
    });
  });
});

describe('SSH keys', () => {
  const sshKeyBody = (id: string | null) => ({ data: { type: 'workspaces', attributes: { id } } });

  it('assigns a key of the organization and shows it in the ssh-key relationship', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { body: sshKeyBody('sshkey-deploy') });
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.relationships['ssh-key'].data).toEqual({ id: 'sshkey-deploy', type: 'ssh-keys' });
    expect((await showWorkspace(service, ws.id)).body.data.relationships['ssh-key'].data).toEqual({ id: 'sshkey-deploy', type: 'ssh-keys' });
  });

  it('unassigns the key when the id is null', async () => {
    const ws = await createWorkspace(service);
    await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { body: sshKeyBody('sshkey-deploy') });
    const response = await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { body: sshKeyBody(null) });
    expect(response.status).toBe(200);
    expect(response.body.data.relationships['ssh-key'].data).toBeNull();
    expect((await showWorkspace(service, ws.id)).body.data.relationships['ssh-key'].data).toBeNull();
  });

  it('accepts the documented assign sample payload shape', async () => {
    const ws = await createWorkspace(service);
    const body = JSON.parse(JSON.stringify(loadSample('ws-assign-ssh-key').request_body));
    body.data.attributes.id = 'sshkey-deploy';
    expect((await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { body })).status).toBe(200);
  });

  it.each([
    ['an unknown key', sshKeyBody('sshkey-doesnotexist'), [404, 422]],
    ['a body without attributes.id', { data: { type: 'workspaces', attributes: {} } }, [422]],
    ['a body of the wrong type', { data: { type: 'ssh-keys', attributes: { id: 'sshkey-deploy' } } }, [422]],
    ['an id that is not a string', sshKeyBody(7 as unknown as string), [422]],
  ])('refuses %s and keeps the key unassigned', async (_label, body, statuses) => {
    const ws = await createWorkspace(service);
    const response = await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { body });
    expectError(response, statuses);
    expect((await showWorkspace(service, ws.id)).body.data.relationships['ssh-key'].data).toBeNull();
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await service.request('PATCH', '/workspaces/ws-doesnotexist0000/relationships/ssh-key', { body: sshKeyBody('sshkey-deploy') }), 404);
  });

  it('lets a workspace admin assign a key but not a writer', async () => {
    const ws = await createWorkspace(service);
    expect(
      (await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { token: TOKENS.admin, body: sshKeyBody('sshkey-deploy') })).status,
    ).toBe(200);
    const refused = await service.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, { token: TOKENS.writer, body: sshKeyBody(null) });
    expectError(refused, [403, 404]);
    expect((await showWorkspace(service, ws.id)).body.data.relationships['ssh-key'].data).toEqual({ id: 'sshkey-deploy', type: 'ssh-keys' });
  });
});
