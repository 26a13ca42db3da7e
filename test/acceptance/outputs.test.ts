// Acceptance: data "cdkws_outputs" with the real terraform binary, reading the outputs of another
// workspace's current state (a real state version sent through the API): every output in `values`,
// which Terraform redacts, and only the non-sensitive ones in `nonsensitive_values`.
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { postStateVersion, terraformState } from '../helpers/state-documents';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

const SECRET = 'p4ss-outputs-acceptance-71c2';

maybe('data cdkws_outputs with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;

  beforeAll(async () => {
    const network = (await createWorkspace(service, { name: 'outputs-network', 'execution-mode': 'local' })).id;
    await createWorkspace(service, { name: 'outputs-empty' });
    await postStateVersion(
      service,
      network,
      terraformState({
        serial: 3,
        resources: 2,
        outputs: {
          vpc_id: { value: 'vpc-0c3' },
          subnet_ids: { value: ['subnet-a', 'subnet-b'], type: ['list', 'string'] },
          sizes: { value: { small: 1, large: 4 }, type: ['map', 'number'] },
          db_password: { value: SECRET, sensitive: true },
        },
      }),
    );
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.reader });
    tf.config(`${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
data "cdkws_outputs" "network" {
  workspace = "outputs-network"
}
data "cdkws_outputs" "empty" {
  organization = "${ORG}"
  workspace    = "outputs-empty"
}
output "vpc_id" { value = data.cdkws_outputs.network.nonsensitive_values["vpc_id"] }
output "subnets" { value = data.cdkws_outputs.network.nonsensitive_values["subnet_ids"] }
output "large" { value = data.cdkws_outputs.network.nonsensitive_values["sizes"]["large"] }
output "nonsensitive_names" { value = keys(data.cdkws_outputs.network.nonsensitive_values) }
output "password" {
  value     = data.cdkws_outputs.network.values["db_password"]
  sensitive = true
}
output "all_names" {
  value     = keys(data.cdkws_outputs.network.values)
  sensitive = true
}
output "empty" { value = data.cdkws_outputs.empty.nonsensitive_values }
output "workspace_id" { value = data.cdkws_outputs.network.id }
`);
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('redacts values in the plan and shows the non-sensitive outputs', async () => {
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/\+ password\s+= \(sensitive value\)/);
    expect(plan.stdout).toMatch(/\+ vpc_id\s+= "vpc-0c3"/);
    expect(plan.output).not.toContain(SECRET);
  });

  it('reads every output into values and only the non-sensitive ones into nonsensitive_values', async () => {
    const apply = await tf.apply();
    expect(apply.code).toBe(0);
    expect(apply.output).not.toContain(SECRET);
    const out = JSON.parse((await tf.ok(['output', '-json'])).stdout);
    expect(out.vpc_id).toEqual({ sensitive: false, type: 'string', value: 'vpc-0c3' });
    expect(out.subnets.value).toEqual(['subnet-a', 'subnet-b']);
    expect(out.large.value).toBe(4);
    expect(out.nonsensitive_names.value).toEqual(['sizes', 'subnet_ids', 'vpc_id']);
    expect(out.all_names).toMatchObject({ sensitive: true, value: ['db_password', 'sizes', 'subnet_ids', 'vpc_id'] });
    expect(out.password).toMatchObject({ sensitive: true, value: SECRET });
    expect(out.empty.value).toEqual({});
    expect(out.workspace_id.value).toMatch(/^ws-/);
    // The data source's state marks values sensitive, so `terraform show` redacts it too.
    const shown = await tf.ok(['show']);
    expect(shown.stdout).not.toContain(SECRET);
    expect((await tf.plan()).code).toBe(0);
  });
});
