// Acceptance: cdkws_tag_binding with the real terraform binary against the real service: many
// bindings of one workspace applied in parallel, a no-op plan, an in-place update, import, removal
// of several keys at once, and destroy. The steps build on each other, in order.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

function config(bindings: Record<string, string>): string {
  return `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "main" {
  name = "tag-binding-acceptance"
}
resource "cdkws_tag_binding" "b" {
  for_each     = ${JSON.stringify(bindings)}
  workspace_id = cdkws_workspace.main.id
  key          = each.key
  value        = each.value
}
`;
}

const eight = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`key-${i}`, `v${i}`]));

maybe('cdkws_tag_binding with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  let id = '';

  const own = async () => {
    const r = await service.request('GET', `/workspaces/${id}/tag-bindings`);
    return Object.fromEntries(r.body.data.map((b: any) => [b.attributes.key, b.attributes.value]));
  };

  beforeAll(async () => {
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config(eight));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('creates eight bindings of one workspace in parallel without losing any, then plans no changes', async () => {
    await tf.ok(['apply', '-auto-approve', '-parallelism=10']);
    id = (await tf.resource('cdkws_workspace.main'))!.id;
    expect(await own()).toEqual(eight);
    expect((await tf.resource('cdkws_tag_binding.b["key-3"]'))!).toEqual({ id: `${id}/key-3`, workspace_id: id, key: 'key-3', value: 'v3' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('updates a value in place and leaves keys it does not manage alone', async () => {
    await service.request('PATCH', `/workspaces/${id}/tag-bindings`, {
      body: { data: [{ type: 'tag-bindings', attributes: { key: 'outside', value: 'kept' } }] },
    });
    tf.config(config({ ...eight, 'key-0': 'changed' }));
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(await own()).toEqual({ ...eight, 'key-0': 'changed', outside: 'kept' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('imports a binding by workspace ID and key', async () => {
    await tf.ok(['state', 'rm', 'cdkws_tag_binding.b["key-1"]']);
    await tf.ok(['import', '-input=false', 'cdkws_tag_binding.b["key-1"]', `${id}/key-1`]);
    expect((await tf.resource('cdkws_tag_binding.b["key-1"]'))!.value).toBe('v1');
    expect((await tf.plan()).code).toBe(0);
  });

  it('plans to recreate a binding removed outside terraform', async () => {
    await service.request('PATCH', `/workspaces/${id}`, { body: { data: { type: 'workspaces', relationships: { 'tag-bindings': { data: [] } } } } });
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/8 to add, 0 to change, 0 to destroy/);
    await tf.ok(['apply', '-auto-approve']);
    expect(await own()).toEqual({ ...eight, 'key-0': 'changed' });
  });

  it('removes five keys at once and keeps the other three', async () => {
    await service.request('PATCH', `/workspaces/${id}/tag-bindings`, {
      body: { data: [{ type: 'tag-bindings', attributes: { key: 'outside', value: 'kept' } }] },
    });
    const three = { 'key-5': 'v5', 'key-6': 'v6', 'key-7': 'v7' };
    tf.config(config(three));
    expect((await tf.ok(['apply', '-auto-approve', '-parallelism=10'])).output).toMatch(/0 added, 0 changed, 5 destroyed/);
    expect(await own()).toEqual({ ...three, outside: 'kept' });
    expect((await tf.plan()).code).toBe(0);
  });

  it('destroys the bindings and the workspace', async () => {
    expect((await tf.destroy()).output).toMatch(/4 destroyed/);
    expect((await service.request('GET', `/workspaces/${id}`)).status).toBe(404);
  });
});
