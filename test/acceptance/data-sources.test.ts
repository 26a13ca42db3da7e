// Acceptance: data "cdkws_workspace" and data "cdkws_workspaces" with the real terraform binary,
// read into outputs from workspaces made outside terraform.
import { ORG, TOKENS } from '../helpers/service';
import { addFlatTags, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

maybe('cdkws data sources with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  const ws: Record<string, string> = {};

  beforeAll(async () => {
    ws['ds-web-1'] = (
      await createWorkspace(
        service,
        { name: 'ds-web-1', 'auto-apply': true, 'execution-mode': 'local' },
        workspaceRelationships({ tagBindings: { team: 'web' } }),
      )
    ).id;
    ws['ds-web-2'] = (await createWorkspace(service, { name: 'ds-web-2' }, workspaceRelationships({ project: 'prj-platform' }))).id;
    ws['ds-db-1'] = (await createWorkspace(service, { name: 'ds-db-1' })).id;
    await addFlatTags(service, ws['ds-web-2'], ['prod']);
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.reader });
    tf.config(`${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
data "cdkws_workspace" "web1" {
  name = "ds-web-1"
}
data "cdkws_workspaces" "web" {
  wildcard_name = "ds-web-*"
}
data "cdkws_workspaces" "prod_platform" {
  search_name = "ds-"
  tag_names   = ["prod"]
  project_id  = "prj-platform"
}
data "cdkws_workspaces" "team_web" {
  organization = "${ORG}"
  tag_bindings = { team = "web" }
}
data "cdkws_workspaces" "not_prod" {
  search_name       = "ds-"
  exclude_tag_names = ["prod"]
}
output "web1" { value = data.cdkws_workspace.web1 }
output "web" { value = data.cdkws_workspaces.web }
output "prod_platform" { value = data.cdkws_workspaces.prod_platform.names }
output "team_web" { value = data.cdkws_workspaces.team_web.ids }
output "not_prod" { value = data.cdkws_workspaces.not_prod.names }
`);
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('reads a workspace by name and lists workspaces by every filter, with a read-only token', async () => {
    await tf.ok(['apply', '-auto-approve']);
    const out = JSON.parse((await tf.ok(['output', '-json'])).stdout);
    expect(out.web1.value).toMatchObject({
      id: ws['ds-web-1'],
      name: 'ds-web-1',
      organization: ORG,
      auto_apply: true,
      execution_mode: 'local',
      tags: { team: 'web' },
      project_id: 'prj-default',
    });
    expect(out.web.value.ids).toEqual({ 'ds-web-1': ws['ds-web-1'], 'ds-web-2': ws['ds-web-2'] });
    expect(out.web.value.names).toEqual(['ds-web-1', 'ds-web-2']);
    expect(out.prod_platform.value).toEqual(['ds-web-2']);
    expect(out.team_web.value).toEqual({ 'ds-web-1': ws['ds-web-1'] });
    expect(out.not_prod.value).toEqual(['ds-db-1', 'ds-web-1']);
    expect((await tf.plan()).code).toBe(0);
  });

  it('fails with the name and organization of a workspace that does not exist', async () => {
    tf.write({ 'missing.tf': 'data "cdkws_workspace" "missing" {\n  name = "ds-nope"\n}\n' });
    const plan = await tf.plan();
    expect(plan.code).toBe(1);
    expect(plan.output).toMatch(/no workspace "ds-nope" in organization "acme"/);
  });
});
