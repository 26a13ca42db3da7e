// State versions (issue 33): created with the state inline or through an upload address, checked
// before they are finalized, current at once, read back byte for byte; outputs with sensitive values
// withheld in lists; the refusals Terraform and go-tfe meet.
import { ERRORS } from '../../src/contract';
import {
  createPendingStateVersion,
  createStateVersion,
  createWorkspace,
  inlineStateVersionBody,
  lockWorkspace,
  md5Of,
  putToAddress,
  terraformState,
} from '../helpers/fixtures';
import { ORG, TOKENS } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';

const service = useService();

const create = (workspaceId: string, body: unknown, token: string = TOKENS.owner) =>
  service.request('POST', `/workspaces/${workspaceId}/state-versions`, { token, body });
const codeOf = (response: { body: any }) => response.body?.errors?.[0]?.code;

const OUTPUTS = {
  greeting: { value: 'hello' },
  secret: { value: 'hunter2', sensitive: true },
  names: { value: ['a', 'b'], type: ['list', 'string'] },
};

describe('a state version with the state inline', () => {
  it('is finalized and current at once, with its outputs and resources read from the state', async () => {
    const ws = await createWorkspace(service);
    const state = terraformState({ resources: 2, outputs: OUTPUTS });
    const sv = await createStateVersion(service, ws.id, state);
    expect(sv.attributes).toMatchObject({
      status: 'finalized',
      serial: 1,
      lineage: 'lineage-fixture',
      md5: md5Of(state),
      'state-version': 4,
      'terraform-version': '1.11.4',
    });
    expect(sv.attributes.resources).toEqual([
      { name: 'thing', type: 'null_resource', count: 2, module: 'root', provider: 'provider["registry.terraform.io/hashicorp/null"]' },
    ]);
    expect(sv.attributes['hosted-state-upload-url']).toBeNull();

    const current = await service.request('GET', `/workspaces/${ws.id}/current-state-version`);
    expect(current.status).toBe(200);
    expect(current.body.data.id).toBe(sv.id);
    const workspace = (await service.request('GET', `/workspaces/${ws.id}`)).body.data;
    expect(workspace.attributes['resource-count']).toBe(2);
    expect(workspace.relationships['current-state-version'].data).toEqual({ id: sv.id, type: 'state-versions' });
    expect(workspace.relationships['current-state-version'].links.related).toBe(`/api/v2/workspaces/${ws.id}/current-state-version`);
    // The workspace names its current outputs by their IDs.
    expect(workspace.relationships.outputs.data).toEqual(sv.relationships.outputs.data.map((o: any) => ({ id: o.id, type: 'workspace-outputs' })));
    expect(workspace.relationships.outputs.data).toHaveLength(3);

    // Terraform reads the address as given, with its token.
    const download = await service.request('GET', sv.attributes['hosted-state-download-url']);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/json');
    expect(download.text).toBe(state);
    expect((await service.request('GET', sv.attributes['hosted-state-download-url'], { token: null })).status).toBe(401);
  });

  it('withholds sensitive values in lists and includes, and shows them by ID', async () => {
    const ws = await createWorkspace(service);
    const sv = await createStateVersion(service, ws.id, terraformState({ outputs: OUTPUTS }));
    const listed = await service.request('GET', `/workspaces/${ws.id}/current-state-version-outputs`);
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(listed.body.data.map((o: any) => [o.attributes.name, o]));
    expect(byName.greeting.attributes).toEqual({ name: 'greeting', sensitive: false, type: 'string', value: 'hello', 'detailed-type': 'string' });
    expect(byName.names.attributes).toMatchObject({ type: 'array', value: ['a', 'b'], 'detailed-type': ['list', 'string'] });
    expect(byName.secret.attributes).toMatchObject({ sensitive: true, value: null });
    const included = await service.request('GET', `/state-versions/${sv.id}?include=outputs`);
    expect(included.body.included.find((o: any) => o.attributes.name === 'secret').attributes.value).toBeNull();
    expect((await service.request('GET', `/state-versions/${sv.id}/outputs`)).body.data).toHaveLength(3);
    const shown = await service.request('GET', `/state-version-outputs/${byName.secret.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.value).toBe('hunter2');
  });

  it('lists a workspace’s state versions newest first by organization and workspace name', async () => {
    const ws = await createWorkspace(service);
    const first = await createStateVersion(service, ws.id, terraformState({ serial: 1 }));
    const second = await createStateVersion(service, ws.id, terraformState({ serial: 2 }));
    const query = `filter[organization][name]=${ORG}&filter[workspace][name]=${ws.attributes.name}`;
    const listed = await service.request('GET', `/state-versions?${query}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((sv: any) => sv.id)).toEqual([second.id, first.id]);
    expect(listed.body.meta.pagination['total-count']).toBe(2);
    expect((await service.request('GET', `/state-versions?filter[organization][name]=${ORG}`)).status).toBe(400);
  });

  it('answers 404 while the workspace has no state', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('GET', `/workspaces/${ws.id}/current-state-version`)).status).toBe(404);
    expect((await service.request('GET', `/workspaces/${ws.id}/current-state-version-outputs`)).status).toBe(404);
  });
});

describe('a state version whose state comes through an upload address', () => {
  it('is pending until the state arrives, then finalized; each address is good once', async () => {
    const ws = await createWorkspace(service);
    const state = terraformState({ serial: 3, outputs: { greeting: { value: 'hi' } } });
    const sv = await createPendingStateVersion(service, ws.id, state);
    expect(sv.attributes.status).toBe('pending');
    expect(sv.attributes['hosted-state-download-url']).toBeNull();
    const address: string = sv.attributes['hosted-state-upload-url'];
    const jsonAddress: string = sv.attributes['hosted-json-state-upload-url'];
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/state-versions\/sv-[^/]+\/upload\/[A-Za-z0-9_-]{43}$/);
    // The key is not in any later answer.
    const shownPending = await service.request('GET', `/state-versions/${sv.id}`);
    expect(shownPending.body.data.attributes['hosted-state-upload-url']).toBeNull();
    expect(shownPending.text).not.toContain(address.split('/').pop());

    expect((await putToAddress(service, address, state)).status).toBe(200);
    expect((await putToAddress(service, jsonAddress, '{"format_version":"1.0"}')).status).toBe(200);
    const shown = await service.request('GET', `/state-versions/${sv.id}`);
    expect(shown.body.data.attributes).toMatchObject({ status: 'finalized', 'state-version': 4 });
    expect((await service.request('GET', shown.body.data.attributes['hosted-state-download-url'])).text).toBe(state);
    expect((await service.request('GET', shown.body.data.attributes['hosted-json-state-download-url'])).text).toBe('{"format_version":"1.0"}');
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/unlock`)).status).toBe(200);

    expect((await putToAddress(service, address, state)).status).toBe(404);
    expect((await putToAddress(service, jsonAddress, '{}')).status).toBe(404);
  });

  it('refuses a wrong key, and a state whose digest is not the promised one', async () => {
    const ws = await createWorkspace(service);
    const state = terraformState();
    const sv = await createPendingStateVersion(service, ws.id, state);
    const address: string = sv.attributes['hosted-state-upload-url'];
    expect((await putToAddress(service, address.replace(/[^/]+$/, 'A'.repeat(43)), state)).status).toBe(404);
    const changed = await putToAddress(service, address, state.replace('lineage-fixture', 'lineage-fixturf'));
    expect([changed.status, codeOf(changed)]).toEqual([422, ERRORS.stateInvalid.code]);
    expect((await putToAddress(service, address, state)).status).toBe(200);
  });
});

describe('what a state must be', () => {
  async function locked() {
    const ws = await createWorkspace(service);
    await lockWorkspace(service, ws.id, 'writing state');
    return ws;
  }

  it('needs the workspace locked by the caller', async () => {
    const ws = await createWorkspace(service);
    const refused = await create(ws.id, inlineStateVersionBody(terraformState()));
    expect([refused.status, codeOf(refused)]).toEqual([409, ERRORS.stateVersionNeedsLock.code]);
    await lockWorkspace(service, ws.id, 'someone else', TOKENS.writer);
    expect(codeOf(await create(ws.id, inlineStateVersionBody(terraformState())))).toBe(ERRORS.stateVersionNeedsLock.code);
  });

  it('needs write access; a reader without access to the workspace learns nothing', async () => {
    const ws = await createWorkspace(service);
    const sv = await createStateVersion(service, ws.id);
    expect((await create(ws.id, inlineStateVersionBody(terraformState()), TOKENS.reader)).status).toBe(404);
    for (const path of [`/state-versions/${sv.id}`, `/workspaces/${ws.id}/current-state-version`, `/state-versions/${sv.id}/download`]) {
      expect([path, (await service.request('GET', path, { token: TOKENS.outsider })).status]).toEqual([path, 404]);
    }
  });

  it('refuses a state of another lineage or an older serial, unless forced', async () => {
    const ws = await createWorkspace(service);
    await createStateVersion(service, ws.id, terraformState({ serial: 5, lineage: 'one' }));
    await lockWorkspace(service, ws.id, 'writing state');
    const otherLineage = await create(ws.id, inlineStateVersionBody(terraformState({ serial: 6, lineage: 'two' })));
    expect([otherLineage.status, codeOf(otherLineage)]).toEqual([409, ERRORS.stateVersionConflict.code]);
    expect(otherLineage.body.errors[0].detail).toContain('lineage');
    const older = await create(ws.id, inlineStateVersionBody(terraformState({ serial: 4, lineage: 'one' })));
    expect([older.status, codeOf(older)]).toEqual([409, ERRORS.stateVersionConflict.code]);
    expect(older.body.errors[0].detail).toContain('serial');
    // go-tfe's tests send the same serial again.
    expect((await create(ws.id, inlineStateVersionBody(terraformState({ serial: 5, lineage: 'one' })))).status).toBe(201);
    const forced = await create(ws.id, inlineStateVersionBody(terraformState({ serial: 1, lineage: 'two' }), { force: true }));
    expect(forced.status).toBe(201);
    expect((await service.request('GET', `/workspaces/${ws.id}/current-state-version`)).body.data.id).toBe(forced.body.data.id);
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['not a state', '{"hello":"world"}'],
    ['another format', '{"version":3,"serial":1,"lineage":"x"}'],
  ])('refuses a state that is %s with 422', async (_label, text) => {
    const ws = await locked();
    const body = { data: { type: 'state-versions', attributes: { serial: 1, md5: md5Of(text), state: Buffer.from(text).toString('base64') } } };
    const refused = await create(ws.id, body);
    expect([refused.status, codeOf(refused)]).toEqual([422, ERRORS.stateInvalid.code]);
  });

  it('refuses an MD5 digest that is not the state’s with 422', async () => {
    const ws = await locked();
    const body = inlineStateVersionBody(terraformState(), { md5: md5Of('something else') });
    const refused = await create(ws.id, body);
    expect([refused.status, codeOf(refused)]).toEqual([422, ERRORS.stateInvalid.code]);
  });

  it('refuses a state beyond the limit with 413 naming it, inline or uploaded', async () => {
    await withService({ stateMaxBytes: 2048 }, async (small) => {
      const ws = await createWorkspace(small);
      await lockWorkspace(small, ws.id, 'writing state');
      const big = terraformState({ outputs: { pad: { value: 'x'.repeat(4096) } } });
      const inline = await small.request('POST', `/workspaces/${ws.id}/state-versions`, { body: inlineStateVersionBody(big) });
      expect([inline.status, codeOf(inline)]).toEqual([413, ERRORS.stateTooLarge.code]);
      expect(inline.body.errors[0].detail).toContain('2048 bytes');
      const parsed = JSON.parse(big);
      const pending = await small.request('POST', `/workspaces/${ws.id}/state-versions`, {
        body: { data: { type: 'state-versions', attributes: { serial: parsed.serial, lineage: parsed.lineage, md5: md5Of(big) } } },
      });
      const uploaded = await putToAddress(small, pending.body.data.attributes['hosted-state-upload-url'], big);
      expect([uploaded.status, codeOf(uploaded)]).toEqual([413, ERRORS.stateTooLarge.code]);
    });
  });
});
