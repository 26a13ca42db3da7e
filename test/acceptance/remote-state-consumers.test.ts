// Acceptance: cdkws_remote_state_consumers with the real terraform binary, run as a workspace admin
// (bob), who may add and remove consumers but not replace the list: create, no-op plan, drift,
// update, import, the plan-time refusal for global state sharing, and destroy. In order.
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

maybe('cdkws_remote_state_consumers with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  const ws: Record<string, string> = {};

  const config = (consumers: string[], extra = '') => `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_remote_state_consumers" "main" {
  workspace_id = "${ws.main}"
  consumer_ids = ${JSON.stringify(consumers.map((n) => ws[n]))}
}
${extra}`;

  const consumers = async (of = ws.main) => {
    const r = await service.request('GET', `/workspaces/${of}/relationships/remote-state-consumers?page%5Bsize%5D=100`);
    return r.body.data.map((w: any) => w.id).sort();
  };
  const ids = (...names: string[]) => names.map((n) => ws[n]).sort();

  beforeAll(async () => {
    for (const name of ['main', 'a', 'b', 'c']) ws[name] = (await createWorkspace(service, { name: `rsc-${name}` })).id;
    ws.global = (await createWorkspace(service, { name: 'rsc-global', 'global-remote-state': true })).id;
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.admin });
    tf.config(config(['a', 'b']));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('adds the consumers as a workspace admin, then plans no changes', async () => {
    await tf.ok(['apply', '-auto-approve']);
    expect(await consumers()).toEqual(ids('a', 'b'));
    expect((await tf.plan()).code).toBe(0);
  });

  it('plans to remove a consumer added outside terraform', async () => {
    await service.request('POST', `/workspaces/${ws.main}/relationships/remote-state-consumers`, { body: { data: [{ type: 'workspaces', id: ws.c }] } });
    const plan = await tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toContain(`- "${ws.c}"`);
  });

  it('converges to a changed list in place', async () => {
    tf.config(config(['b', 'c']));
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(await consumers()).toEqual(ids('b', 'c'));
    expect((await tf.plan()).code).toBe(0);
  });

  it('imports the list by workspace ID', async () => {
    await tf.ok(['state', 'rm', 'cdkws_remote_state_consumers.main']);
    await tf.ok(['import', '-input=false', 'cdkws_remote_state_consumers.main', ws.main]);
    expect((await tf.resource('cdkws_remote_state_consumers.main'))!.consumer_ids).toEqual(ids('b', 'c'));
    expect((await tf.plan()).code).toBe(0);
  });

  it('refuses at plan time a workspace that shares its state with the whole organization', async () => {
    tf.config(config(['b', 'c'], `resource "cdkws_remote_state_consumers" "global" {\n  workspace_id = "${ws.global}"\n  consumer_ids = ["${ws.a}"]\n}\n`));
    const plan = await tf.plan();
    expect(plan.code).toBe(1);
    expect(plan.output).toMatch(/Workspace shares its state with the whole organization/);
    expect(plan.output).toMatch(/global_remote_state = false/);
    expect(plan.output).toContain(`"rsc-global" (${ws.global})`);
  });

  it('removes every consumer on destroy', async () => {
    tf.config(config(['b', 'c']));
    expect((await tf.destroy()).output).toMatch(/1 destroyed/);
    expect(await consumers()).toEqual([]);
  });
});
