// Acceptance: the cdkws_change_request lifecycle with the real terraform binary: create through the
// bulk action (by IDs and by query), no-op plan, a request for an added workspace only, a request
// archived by someone else kept as completed (the plan says so), replacement on a new subject,
// import, and destroy archiving what is open. In order.
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

maybe('cdkws_change_request with terraform', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  const ws: Record<string, string> = {};

  const config = (targets: string[], subject = 'Upgrade the engine') => `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_change_request" "upgrade" {
  workspace_ids = ${JSON.stringify(targets.map((n) => ws[n]))}
  subject       = "${subject}"
  message       = "Move to **1.11** before June."
}
resource "cdkws_change_request" "by_query" {
  query   = jsonencode({ filter = [{ field = "workspace_name", operator = "contains", value = ["crq-q"] }] })
  subject = "Rotate credentials"
  message = "See the runbook."
}
`;

  /** The change requests of a workspace, by subject, as "open" or "archived". */
  const requests = async (name: string) => {
    const r = await service.request('GET', `/workspaces/${ws[name]}/change-requests`);
    return r.body.data.map((c: any) => ({ id: c.id, subject: c.attributes.subject, archived: c.attributes['archived-at'] !== null }));
  };
  const state = async () => (await tf.resource('cdkws_change_request.upgrade'))!;

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c', 'q1', 'q2']) ws[name] = (await createWorkspace(service, { name: `crq-${name}` })).id;
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config(['a', 'b']));
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('creates one request per targeted workspace and keeps their IDs, then plans no changes', async () => {
    await tf.ok(['apply', '-auto-approve']);
    const ids = (await state()).change_request_ids;
    expect(Object.keys(ids).sort()).toEqual([ws.a, ws.b].sort());
    expect(await requests('a')).toEqual([{ id: ids[ws.a], subject: 'Upgrade the engine', archived: false }]);
    const byQuery = (await tf.resource('cdkws_change_request.by_query'))!.change_request_ids;
    expect(Object.keys(byQuery).sort()).toEqual([ws.q1, ws.q2].sort());
    expect(await requests('c')).toEqual([]);
    expect((await tf.plan()).code).toBe(0);
  });

  it('creates a request for an added workspace only', async () => {
    tf.config(config(['a', 'b', 'c']));
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    for (const name of ['a', 'b', 'c']) expect(await requests(name)).toHaveLength(1);
    expect((await state()).change_request_ids[ws.c]).toBe((await requests('c'))[0].id);
    expect((await tf.plan()).code).toBe(0);
  });

  it('keeps a request archived by someone else as completed and says so in the plan', async () => {
    const archived = (await requests('b'))[0].id;
    expect((await service.request('POST', `/change-requests/${archived}/actions/archive`, { token: TOKENS.writer })).status).toBe(200);
    const plan = await tf.plan();
    expect(plan.code).toBe(0);
    expect(plan.output).toMatch(/archived outside Terraform count as completed/);
    expect(plan.output).toContain(archived);
    await tf.ok(['apply', '-auto-approve']);
    expect(await requests('b')).toEqual([{ id: archived, subject: 'Upgrade the engine', archived: true }]);
    expect((await state()).archived_workspace_ids).toEqual([ws.b]);
  });

  it('imports requests by their IDs', async () => {
    const ids = (await state()).change_request_ids as Record<string, string>;
    await tf.ok(['state', 'rm', 'cdkws_change_request.upgrade']);
    await tf.ok(['import', '-input=false', 'cdkws_change_request.upgrade', Object.values(ids).join(',')]);
    expect((await state()).change_request_ids).toEqual(ids);
    expect((await tf.plan()).code).toBe(0);
  });

  it('replaces the requests when the subject changes, archiving the old ones', async () => {
    tf.config(config(['a', 'b', 'c'], 'Upgrade the engine now'));
    const plan = await tf.plan();
    expect(plan.output).toMatch(/must be replaced/);
    expect((await tf.apply()).output).toMatch(/1 added, 0 changed, 1 destroyed/);
    for (const name of ['a', 'b', 'c']) {
      const all = await requests(name);
      expect(all.filter((c: any) => !c.archived).map((c: any) => c.subject)).toEqual(['Upgrade the engine now']);
    }
  });

  it('archives every open request on destroy', async () => {
    expect((await tf.destroy()).output).toMatch(/2 destroyed/);
    for (const name of ['a', 'b', 'c', 'q1', 'q2']) expect((await requests(name)).every((c: any) => c.archived)).toBe(true);
  });
});
