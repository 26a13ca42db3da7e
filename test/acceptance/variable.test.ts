// Acceptance: variables with the real terraform binary against the real service. A secret given
// write-only reaches the service (its version ID moves) and is in neither the plan (`show -json`) nor
// the state file; a plain value is kept and shows drift; a set with its variables applies to a
// workspace; data sources read them; import of each plans no change. The steps build on each other.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

const SECRET = 'acceptance-secret-6d1e';

function config(options: { region: string; version: number }): string {
  return `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
variable "db_password" {
  type      = string
  sensitive = true
  ephemeral = true
}
resource "cdkws_workspace" "main" {
  name = "variable-acceptance"
}
resource "cdkws_variable" "region" {
  workspace_id = cdkws_workspace.main.id
  key          = "region"
  value        = "${options.region}"
  category     = "terraform"
  description  = "where"
}
resource "cdkws_variable" "db_password" {
  workspace_id     = cdkws_workspace.main.id
  key              = "DB_PASSWORD"
  category         = "env"
  sensitive        = true
  value_wo         = var.db_password
  value_wo_version = ${options.version}
}
resource "cdkws_variable_set" "shared" {
  name     = "variable-acceptance-shared"
  priority = true
}
resource "cdkws_variable" "shared_region" {
  variable_set_id = cdkws_variable_set.shared.id
  key             = "AWS_REGION"
  value           = "eu-west-1"
  category        = "env"
}
resource "cdkws_workspace_variable_set" "shared" {
  variable_set_id = cdkws_variable_set.shared.id
  workspace_id    = cdkws_workspace.main.id
}
data "cdkws_variables" "main" {
  workspace_id = cdkws_workspace.main.id
  depends_on   = [cdkws_variable.region, cdkws_variable.db_password]
}
data "cdkws_variable_set" "shared" {
  name       = cdkws_variable_set.shared.name
  depends_on = [cdkws_workspace_variable_set.shared, cdkws_variable.shared_region]
}
output "keys" {
  value = [for v in data.cdkws_variables.main.variables : "\${v.category}/\${v.key}=\${v.value == null ? "null" : v.value}"]
}
output "set_workspaces" {
  value = data.cdkws_variable_set.shared.workspace_ids
}
`;
}

maybe('cdkws_variable and variable sets with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  let ws = '';

  const variables = async () => (await service.request('GET', `/workspaces/${ws}/vars`)).body.data as any[];
  const byKey = async (key: string) => (await variables()).find((v) => v.attributes.key === key);
  const noSecretAnywhere = async () => {
    expect(tf.stateText()).not.toContain(SECRET);
    expect(JSON.stringify(await tf.show())).not.toContain(SECRET);
  };

  beforeAll(async () => {
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner, env: { TF_VAR_db_password: SECRET } });
    tf.config(config({ region: 'eu-west-1', version: 1 }));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('creates them; the secret is in neither the plan nor the state, and plans no change after', async () => {
    await tf.ok(['plan', '-input=false', '-out=plan.bin']);
    const planJson = (await tf.ok(['show', '-json', 'plan.bin'])).stdout;
    expect(planJson).toContain('cdkws_variable.db_password');
    expect(planJson).not.toContain(SECRET);
    expect((await tf.ok(['apply', '-input=false', 'plan.bin'])).output).toMatch(/6 added, 0 changed, 0 destroyed/);
    ws = (await tf.resource('cdkws_workspace.main'))!.id;
    const secret = await byKey('DB_PASSWORD');
    expect(secret.attributes).toMatchObject({ category: 'env', sensitive: true, value: null });
    expect((await byKey('region')).attributes).toMatchObject({ value: 'eu-west-1', description: 'where', sensitive: false });
    expect(await tf.resource('cdkws_variable.db_password')).toMatchObject({ value_wo: null, value_wo_version: 1, sensitive: true });
    await noSecretAnywhere();
    const outputs = JSON.parse((await tf.ok(['output', '-json'])).stdout);
    expect(outputs.keys.value).toEqual(['env/DB_PASSWORD=null', 'terraform/region=eu-west-1']);
    expect(outputs.set_workspaces.value).toEqual([ws]);
    expect((await tf.plan()).code).toBe(0);
  });

  it('sends a new secret only when its version changes', async () => {
    const before = (await byKey('DB_PASSWORD')).attributes['version-id'];
    tf.env.TF_VAR_db_password = `${SECRET}-2`;
    expect((await tf.plan()).code).toBe(0);
    tf.config(config({ region: 'eu-west-1', version: 2 }));
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).not.toContain(SECRET);
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect((await byKey('DB_PASSWORD')).attributes['version-id']).not.toBe(before);
    await noSecretAnywhere();
    expect((await tf.plan()).code).toBe(0);
  });

  it('shows drift of a plain value and sets it back', async () => {
    const region = await byKey('region');
    await service.request('PATCH', `/workspaces/${ws}/vars/${region.id}`, { body: { data: { type: 'vars', attributes: { value: 'us-east-1' } } } });
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/1 to change/);
    await tf.ok(['apply', '-input=false', '-auto-approve']);
    expect((await byKey('region')).attributes.value).toBe('eu-west-1');
  });

  it('imports each resource with no change planned after', async () => {
    const addresses = [
      'cdkws_variable.region',
      'cdkws_variable.db_password',
      'cdkws_variable.shared_region',
      'cdkws_variable_set.shared',
      'cdkws_workspace_variable_set.shared',
    ];
    const ids: Record<string, string> = {};
    const state = Object.fromEntries(await Promise.all(addresses.map(async (a) => [a, await tf.resource(a)])));
    ids['cdkws_variable.region'] = `${ws}/${state['cdkws_variable.region'].id}`;
    ids['cdkws_variable.db_password'] = `${ws}/${state['cdkws_variable.db_password'].id}`;
    ids['cdkws_variable.shared_region'] = `${state['cdkws_variable_set.shared'].id}/${state['cdkws_variable.shared_region'].id}`;
    ids['cdkws_variable_set.shared'] = state['cdkws_variable_set.shared'].id;
    ids['cdkws_workspace_variable_set.shared'] = `${state['cdkws_variable_set.shared'].id}/${ws}`;
    // The imported sensitive variable counts as write-only version 1.
    tf.config(config({ region: 'eu-west-1', version: 1 }));
    for (const address of addresses) {
      await tf.ok(['state', 'rm', address]);
      await tf.ok(['import', '-input=false', address, ids[address]]);
    }
    expect((await tf.plan()).code).toBe(0);
    await noSecretAnywhere();
  });

  it('destroys them', async () => {
    expect((await tf.destroy()).output).toMatch(/Resources: 6 destroyed/);
  });
});
