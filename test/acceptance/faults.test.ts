// Acceptance: with a fault-injecting proxy between provider and service (429s with reset headers,
// 503s, connections dropped before and after the service did the work), one terraform apply of 200
// workspaces with tag bindings, consumer lists and a change request converges; the next plan (still
// through the faults) shows no changes; and no workspace or change request exists twice.
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(240_000);

const COUNT = 200;
const CHANGE_REQUEST_TARGETS = 20;

const config = `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "ws" {
  count = ${COUNT}
  name  = format("fault-%03d", count.index)
}
resource "cdkws_tag_binding" "team" {
  count        = ${COUNT}
  workspace_id = cdkws_workspace.ws[count.index].id
  key          = "team"
  value        = "t${'$'}{count.index % 7}"
}
resource "cdkws_remote_state_consumers" "next" {
  count        = ${COUNT / 2}
  workspace_id = cdkws_workspace.ws[count.index * 2].id
  consumer_ids = [cdkws_workspace.ws[count.index * 2 + 1].id]
}
resource "cdkws_change_request" "audit" {
  workspace_ids = slice(cdkws_workspace.ws[*].id, 0, ${CHANGE_REQUEST_TARGETS})
  subject       = "Audit"
  message       = "Review the access of this workspace."
}
`;

maybe('terraform through injected faults', () => {
  const service = useService();
  let proxy: FaultProxy;
  let tf: TerraformWorkdir;

  beforeAll(async () => {
    proxy = service.adopt(
      await startFaultProxy({
        target: service.url,
        seed: 7,
        shares: { 'rate-limited': 0.04, unavailable: 0.03, 'drop-before': 0.02, 'drop-after': 0.02 },
      }),
    );
    tf = await TerraformWorkdir.create({ address: proxy.url, token: TOKENS.owner });
    tf.config(config);
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('applies 200 workspaces with bindings and consumers, then plans no changes', async () => {
    const apply = await tf.apply('-parallelism=20');
    expect(apply.output).toMatch(new RegExp(`Apply complete! Resources: ${COUNT * 2 + COUNT / 2 + 1} added, 0 changed, 0 destroyed`));
    const plan = await tf.plan('-parallelism=20');
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
    // The run really went through faults of every kind.
    for (const fault of ['rate-limited', 'unavailable', 'drop-before', 'drop-after'] as const) expect(proxy.count(fault)).toBeGreaterThan(0);
  });

  it('left no duplicate workspace and exactly the configured bindings and consumers', async () => {
    const names: string[] = [];
    for (let page = 1; ; page++) {
      const r = await service.request('GET', `/organizations/${ORG}/workspaces?page%5Bsize%5D=100&page%5Bnumber%5D=${page}`);
      names.push(...r.body.data.map((w: any) => w.attributes.name));
      if (!r.body.meta.pagination['next-page']) break;
    }
    expect(names.filter((n) => n.startsWith('fault-')).sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `fault-${String(i).padStart(3, '0')}`));
    const state = await tf.show();
    const byAddress = new Map<string, any>(state.values.root_module.resources.map((r: any) => [r.address, r.values]));
    for (const i of [0, 58, 198]) {
      const id = byAddress.get(`cdkws_workspace.ws[${i}]`).id;
      const bindings = (await service.request('GET', `/workspaces/${id}/tag-bindings`)).body.data;
      expect(bindings.map((b: any) => `${b.attributes.key}=${b.attributes.value}`)).toEqual([`team=t${i % 7}`]);
      const consumers = (await service.request('GET', `/workspaces/${id}/relationships/remote-state-consumers`)).body.data;
      expect(consumers.map((w: any) => w.id)).toEqual([byAddress.get(`cdkws_workspace.ws[${i + 1}]`).id]);
    }
  });

  it('created exactly one change request per targeted workspace', async () => {
    const requests = (await tf.resource('cdkws_change_request.audit'))!.change_request_ids as Record<string, string>;
    expect(Object.keys(requests)).toHaveLength(CHANGE_REQUEST_TARGETS);
    for (const [workspaceId, id] of Object.entries(requests)) {
      const all = (await service.request('GET', `/workspaces/${workspaceId}/change-requests`)).body.data;
      expect(all.map((c: any) => c.id)).toEqual([id]);
    }
  });
});
