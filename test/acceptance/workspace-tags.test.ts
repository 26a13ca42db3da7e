// Acceptance: key-value tags of cdkws_workspace with the real terraform binary: exact management,
// ignore_additional_tags, unmanaged (unset) tags, and effective tags inherited from the project.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

function config(extra: string): string {
  return `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "main" {
  name       = "tagged"
  project_id = "prj-platform"
${extra}
}
`;
}

maybe('cdkws_workspace tags', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  let id = '';

  const own = async () => {
    const r = await service.request('GET', `/workspaces/${id}/tag-bindings`);
    return Object.fromEntries(r.body.data.map((b: any) => [b.attributes.key, b.attributes.value]));
  };
  const addOutOfBand = (key: string, value: string) =>
    service.request('PATCH', `/workspaces/${id}/tag-bindings`, { token: TOKENS.owner, body: { data: [{ type: 'tag-bindings', attributes: { key, value } }] } });

  beforeAll(async () => {
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config('  tags = { team = "net", env = "prod" }'));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('creates the bindings and reports the effective tags with the inherited ones', async () => {
    await tf.ok(['apply', '-auto-approve']);
    const state = (await tf.resource('cdkws_workspace.main'))!;
    id = state.id;
    expect(await own()).toEqual({ team: 'net', env: 'prod' });
    expect(state.effective_tags).toEqual({ team: 'net', env: 'prod', 'cost-center': '42', owner: 'platform' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('replaces the bindings exactly when tags change', async () => {
    tf.config(config('  tags = { team = "net", tier = "gold" }'));
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(await own()).toEqual({ team: 'net', tier: 'gold' });
    expect((await tf.resource('cdkws_workspace.main'))!.effective_tags).toMatchObject({ tier: 'gold', owner: 'platform' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('plans to remove a binding added outside terraform', async () => {
    expect((await addOutOfBand('extra', '1')).status).toBe(200);
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/- "extra" += "1"/);
    await tf.ok(['apply', '-auto-approve']);
    expect(await own()).toEqual({ team: 'net', tier: 'gold' });
  });

  it('leaves unlisted keys alone with ignore_additional_tags, removing only keys it listed before', async () => {
    tf.config(config('  tags = { team = "net", tier = "gold" }\n  ignore_additional_tags = true'));
    await tf.ok(['apply', '-auto-approve']);
    expect((await addOutOfBand('extra', '2')).status).toBe(200);
    expect((await tf.plan()).code).toBe(0);
    tf.config(config('  tags = { team = "net" }\n  ignore_additional_tags = true'));
    await tf.ok(['apply', '-auto-approve']);
    expect(await own()).toEqual({ team: 'net', extra: '2' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('leaves bindings alone once tags is unset', async () => {
    tf.config(config(''));
    await tf.ok(['apply', '-auto-approve']);
    expect(await own()).toEqual({ team: 'net', extra: '2' });
    expect((await addOutOfBand('more', '3')).status).toBe(200);
    expect((await tf.plan()).code).toBe(0);
    await tf.ok(['destroy', '-auto-approve']);
  });
});
