// Acceptance: cdkws_project_variable_set with the real terraform binary against the real service:
// apply a set to a project, import the attachment with no change planned, destroy it (the set
// stays applied to nothing).
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

jest.setTimeout(300_000);

const PROJECT = 'prj-platform';

const config = `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_variable_set" "shared" {
  name = "project-set-acceptance"
}
resource "cdkws_project_variable_set" "platform" {
  variable_set_id = cdkws_variable_set.shared.id
  project_id      = "${PROJECT}"
}
`;

describeWith('terraform')('cdkws_project_variable_set with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;

  beforeAll(async () => {
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config);
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('applies a set to a project, imports the attachment, and removes it', async () => {
    expect((await tf.apply()).output).toMatch(/2 added, 0 changed, 0 destroyed/);
    const setId = (await tf.resource('cdkws_variable_set.shared'))!.id as string;
    const projects = async () =>
      (await service.request('GET', `/varsets/${setId}?include=projects`)).body.data.relationships.projects.data.map((p: any) => p.id);
    expect(await projects()).toEqual([PROJECT]);
    expect((await tf.resource('cdkws_project_variable_set.platform'))!.id).toBe(`${setId}/${PROJECT}`);
    expect((await tf.plan()).code).toBe(0);

    await tf.ok(['state', 'rm', 'cdkws_project_variable_set.platform']);
    await tf.ok(['import', '-input=false', 'cdkws_project_variable_set.platform', `${setId}/${PROJECT}`]);
    expect((await tf.plan()).code).toBe(0);

    await tf.ok(['destroy', '-input=false', '-auto-approve', '-target=cdkws_project_variable_set.platform']);
    expect(await projects()).toEqual([]);
    expect((await tf.destroy()).output).toMatch(/Resources: 1 destroyed/);
  });
});
