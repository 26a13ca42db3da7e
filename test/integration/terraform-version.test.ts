// `terraform-version`, the hosted service's wire name for `engine-version`: accepted on create and
// update, refused beside a different engine-version, and answered in workspace documents.
import { ORG } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { expectError, patchWorkspace, uniqueName } from '../helpers/workspace-assertions';

const service = useService();

async function create(attributes: Record<string, unknown>) {
  return service.request('POST', `/organizations/${ORG}/workspaces`, {
    body: { data: { type: 'workspaces', attributes: { name: uniqueName('tfv'), ...attributes } } },
  });
}

describe('terraform-version', () => {
  it('sets the engine version on create, and both names answer it', async () => {
    const response = await create({ 'terraform-version': '1.5.7' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['engine-version']).toBe('1.5.7');
    expect(response.body.data.attributes['terraform-version']).toBe('1.5.7');
    const shown = await service.request('GET', `/workspaces/${response.body.data.id}`);
    expect(shown.body.data.attributes['terraform-version']).toBe('1.5.7');
    const listed = await service.request('GET', `/organizations/${ORG}/workspaces?search%5Bname%5D=${response.body.data.attributes.name}`);
    expect(listed.body.data[0].attributes['terraform-version']).toBe('1.5.7');
  });

  it('changes the engine version on update', async () => {
    const ws = await createWorkspace(service, { 'engine-version': '1.5.7' });
    const response = await patchWorkspace(service, ws.id, { 'terraform-version': '1.6.0' });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['engine-version']).toBe('1.6.0');
    expect(response.body.data.attributes['terraform-version']).toBe('1.6.0');
  });

  it('accepts both names with the same value', async () => {
    const response = await create({ 'terraform-version': '1.5.7', 'engine-version': '1.5.7' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['engine-version']).toBe('1.5.7');
  });

  it('refuses both names with different values with a 422 naming both, on create and update', async () => {
    const created = await create({ 'terraform-version': '1.5.7', 'engine-version': '1.6.0' });
    expectError(created, 422, '/data/attributes/terraform-version');
    expect(created.body.errors[0].detail).toMatch(/engine-version "1\.6\.0".*terraform-version "1\.5\.7"/);
    const ws = await createWorkspace(service, { 'engine-version': '1.5.7' });
    const updated = await patchWorkspace(service, ws.id, { 'terraform-version': '1.6.0', 'engine-version': '1.7.0' });
    expectError(updated, 422, '/data/attributes/terraform-version');
    const unchanged = await service.request('GET', `/workspaces/${ws.id}`);
    expect(unchanged.body.data.attributes['engine-version']).toBe('1.5.7');
  });

  it('checks the value under its own name', async () => {
    const response = await create({ 'terraform-version': 'banana' });
    expectError(response, 422, '/data/attributes/terraform-version');
    expect(response.body.errors[0].detail).toMatch(/terraform-version "banana"/);
  });
});
