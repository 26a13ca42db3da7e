// Create rules that depend on the organization: tier and edition for assessments, organization
// defaults behind `setting-overwrites` (spec create table; architecture "Bootstrap file" settings).
import { TOKENS, defaultBootstrap } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, expectError, postWorkspace, uniqueName } from '../helpers/workspace-assertions';

const service = useService();

describe('assessments-enabled on a hosted plus organization', () => {
  it('accepts assessments on a remote workspace with engine 0.15.4 or later', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'assessments-enabled': true, 'engine-version': '1.5.7' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['assessments-enabled']).toBe(true);
  });

  it('refuses assessments with an engine older than 0.15.4', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'assessments-enabled': true, 'engine-version': '0.14.11' });
    expectError(response, 422);
  });

  it('refuses assessments in local execution mode', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'assessments-enabled': true, 'execution-mode': 'local' });
    expectError(response, 422);
  });

  it('refuses assessments in an organization of the free tier', async () => {
    const response = await service.request('POST', '/organizations/freeco/workspaces', {
      token: TOKENS.outsider,
      body: { data: { type: 'workspaces', attributes: { name: uniqueName(), 'assessments-enabled': true } } },
    });
    // Decision 5: a feature the organization's tier lacks is 404; a rule broken by the document, 422.
    expectError(response, [404, 422]);
  });
});

describe('organization settings', () => {
  const custom = useService({
    bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
      acmeOf(b).settings = { ...acmeOf(b).settings, 'default-execution-mode': 'agent', 'default-agent-pool-id': 'apool-main', 'assessments-enforced': true };
    }),
  });

  it('gives a workspace without execution-mode the organization default mode and pool', async () => {
    const response = await postWorkspace(custom, { name: uniqueName() });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('agent');
    expect(response.body.data.attributes['setting-overwrites']).toEqual({ 'execution-mode': false, 'agent-pool': false });
    expect(response.body.data.relationships['agent-pool'].data).toEqual({ id: 'apool-main', type: 'agent-pools' });
  });

  it('lets an explicit execution-mode override the organization default', async () => {
    const response = await postWorkspace(custom, { name: uniqueName(), 'execution-mode': 'remote' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('remote');
    expect(response.body.data.attributes['setting-overwrites']).toEqual({ 'execution-mode': true, 'agent-pool': true });
    expect(response.body.data.relationships['agent-pool'].data).toBeNull();
  });

  it('turns assessments on for remote workspaces when the organization enforces them', async () => {
    const response = await postWorkspace(custom, { name: uniqueName(), 'execution-mode': 'remote', 'engine-version': '1.5.7' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['assessments-enabled']).toBe(true);
  });
});
