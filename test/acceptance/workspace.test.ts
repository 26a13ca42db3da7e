// Acceptance: the real terraform binary drives cdkws_workspace against the real service through a
// whole lifecycle. The steps build on each other, in order.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { createStateVersion, terraformState } from '../helpers/fixtures';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

function config(body: string, provider = `organization = "${ORG}"`): string {
  return `${requiredProviders()}
provider "cdkws" {
  ${provider}
}
resource "cdkws_workspace" "main" {
${body}
}
output "id" { value = cdkws_workspace.main.id }
`;
}

const created = `
  name              = "tf-lifecycle"
  description       = "made by terraform"
  engine_version    = "~> 1.5"
  tag_names         = ["prod", "team-a"]
  trigger_prefixes  = ["modules/"]
  auto_destroy_activity_duration = "14d"
  vcs_repo {
    identifier     = "acme/networking"
    oauth_token_id = "ot-github"
  }
`;

maybe('cdkws_workspace lifecycle with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  let id = '';

  const show = async (wsId = id) => (await service.request('GET', `/workspaces/${wsId}`)).body?.data;

  beforeAll(async () => {
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config(created));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('creates the workspace with the configured settings', async () => {
    const r = await tf.apply();
    expect(r.output).toMatch(/1 added, 0 changed, 0 destroyed/);
    const state = (await tf.resource('cdkws_workspace.main'))!;
    id = state.id;
    expect(id).toMatch(/^ws-/);
    const ws = await show();
    expect(ws.attributes).toMatchObject({ name: 'tf-lifecycle', description: 'made by terraform', 'auto-destroy-activity-duration': '14d' });
    expect(ws.attributes['engine-version']).toMatch(/^1\./);
    expect(ws.attributes['tag-names'].sort()).toEqual(['prod', 'team-a']);
    expect(state).toMatchObject({ organization: ORG, engine_version: '~> 1.5', locked: false, resource_count: 0, force_delete: false });
    expect(state.html_url).toBe(`${service.url}/app/${ORG}/workspaces/tf-lifecycle`);
    expect(state.vcs_repo).toMatchObject({ identifier: 'acme/networking', oauth_token_id: 'ot-github', branch: '' });
  });

  it('never writes the token into the state', () => {
    expect(tf.stateText()).not.toContain(TOKENS.owner);
  });

  it('plans no changes right after create', async () => {
    const r = await tf.plan();
    expect(r.output).toMatch(/No changes/);
    expect(r.code).toBe(0);
  });

  it('updates settings in place and leaves the workspace unlocked', async () => {
    tf.config(config(created.replace('made by terraform', 'changed by terraform') + '  auto_apply = true\n'));
    const r = await tf.apply();
    expect(r.output).toMatch(/0 added, 1 changed, 0 destroyed/);
    const ws = await show();
    expect(ws.attributes).toMatchObject({ description: 'changed by terraform', 'auto-apply': true, locked: false });
    expect((await tf.plan()).code).toBe(0);
  });

  it('renames the workspace in place, keeping its ID', async () => {
    tf.config(config(created.replace('"tf-lifecycle"', '"tf-renamed"')));
    const r = await tf.apply();
    expect(r.output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect((await show()).attributes.name).toBe('tf-renamed');
    const state = (await tf.resource('cdkws_workspace.main'))!;
    expect(state.id).toBe(id);
    expect(state.html_url).toMatch(/\/workspaces\/tf-renamed$/);
    expect((await tf.plan()).code).toBe(0);
  });

  // A constraint cannot survive an import (the service keeps only the version it resolved), so the
  // imported configuration leaves engine_version to the service.
  const imported = created.replace('"tf-lifecycle"', '"tf-renamed"').replace(/ *engine_version .*\n/, '');

  it('imports by ID and then plans no changes', async () => {
    tf.config(config(imported));
    await tf.ok(['state', 'rm', 'cdkws_workspace.main']);
    const r = await tf.import('cdkws_workspace.main', id);
    expect(r.output).toMatch(/Import successful/);
    const plan = await tf.plan();
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  });

  it('imports by organization/name with an import block and then plans no changes', async () => {
    await tf.ok(['state', 'rm', 'cdkws_workspace.main']);
    const body = imported;
    tf.config(`${config(body)}\nimport {\n  to = cdkws_workspace.main\n  id = "${ORG}/tf-renamed"\n}\n`);
    const r = await tf.apply();
    expect(r.output).toMatch(/1 imported, 0 added, 0 changed, 0 destroyed/);
    tf.config(config(body));
    expect((await tf.plan()).code).toBe(0);
    expect((await tf.resource('cdkws_workspace.main'))!.id).toBe(id);
  });

  it('refuses to forget the workspace when the token lost access to the organization', async () => {
    const outsider = await TerraformWorkdir.create({ address: service.url, token: TOKENS.outsider });
    outsider.config(config(created.replace('"tf-lifecycle"', '"tf-renamed"')));
    outsider.write({ 'terraform.tfstate': tf.stateText() });
    await outsider.init();
    const r = await outsider.plan();
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Access to organization "acme" was lost/);
    expect(r.output).toMatch(/Refusing to forget the\s+workspace/);
  });

  it('refuses a safe delete while the workspace manages resources and keeps it in state', async () => {
    await createStateVersion(service, id, terraformState({ resources: 3 }));
    const r = await tf.destroy();
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/cannot be safely deleted/);
    expect(r.output).toMatch(/still managing resources/);
    expect(r.output).toMatch(/force_delete = true/);
    expect((await tf.resource('cdkws_workspace.main'))!.id).toBe(id);
    expect(await show()).toBeDefined();
  });

  it('force deletes once force_delete is set, then destroy empties the state', async () => {
    tf.config(config(created.replace('"tf-lifecycle"', '"tf-renamed"') + '  force_delete = true\n'));
    const apply = await tf.apply();
    expect(apply.output).toMatch(/0 added, 1 changed, 0 destroyed/);
    const r = await tf.destroy();
    expect(r.output).toMatch(/Resources: 1 destroyed/);
    expect((await service.request('GET', `/workspaces/${id}`)).status).toBe(404);
    expect(await tf.resource('cdkws_workspace.main')).toBeUndefined();
  });

  it('plans to create a workspace deleted outside terraform while the organization is still visible', async () => {
    tf.config(config('  name = "tf-gone"\n'));
    await tf.ok(['apply', '-auto-approve']);
    const goneId = (await tf.resource('cdkws_workspace.main'))!.id;
    expect((await service.request('POST', `/workspaces/${goneId}/actions/safe-delete`)).status).toBe(204);
    const r = await tf.plan();
    expect(r.code).toBe(2);
    expect(r.output).toMatch(/1 to add, 0 to change, 0 to destroy/);
    await tf.ok(['destroy', '-auto-approve']);
  });
});
