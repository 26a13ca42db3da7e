// Locks and deletes around Terraform's state in `cdkws serve --tls`: an apply in progress holds the
// workspace lock so a second apply is refused; a lock another user holds through the API refuses
// apply until `terraform force-unlock`; safe delete is refused while the state manages resources
// and allowed after `terraform destroy`.
import { TOKENS } from '../helpers/service';
import { describeWith } from '../helpers/requirements';
import { cloudBlock, TlsService, waitFor, type CloudWorkdir, expectExit } from '../helpers/terraform-cloud';

jest.setTimeout(240_000);

/** One resource whose creation takes `seconds` (a local-exec provisioner: no provider to download). */
function slowConfig(hostname: string, workspace: string, round: string, seconds: number): string {
  return `${cloudBlock(hostname, workspace)}
resource "terraform_data" "slow" {
  input            = "${round}"
  triggers_replace = ["${round}"]

  provisioner "local-exec" {
    command = "sleep ${seconds}"
  }
}

output "round" {
  value = terraform_data.slow.output
}
`;
}

describeWith('terraform')('workspace locks and safe delete with Terraform', () => {
  let service: TlsService;
  beforeAll(async () => {
    service = await TlsService.start();
  });
  afterAll(async () => {
    await service?.stop();
  });

  async function locked(workspaceId: string): Promise<boolean> {
    return (await service.request('GET', `/workspaces/${workspaceId}`)).body.data.attributes.locked === true;
  }

  it('a second apply is refused with the lock error while the first holds the lock', async () => {
    const first = service.workdir('first');
    first.config(slowConfig(service.hostname, 'busy', 'one', 6));
    await first.init();
    const workspaceId = await service.workspaceId('busy');
    const running = first.start(['apply', '-input=false', '-auto-approve']);
    await waitFor('the first apply to lock the workspace', () => locked(workspaceId));

    const second = service.workdir('second', TOKENS.writer);
    second.config(slowConfig(service.hostname, 'busy', 'two', 0));
    await second.init();
    const refused = await second.apply();
    expectExit(refused, 1);
    expect(refused.output).toContain('Error acquiring the state lock');
    expect(refused.output).toMatch(/workspace (is )?already locked/i);

    const done = await running.result;
    expectExit(done, 0);
    expect(done.output).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    expect(await locked(workspaceId)).toBe(false);
    const state = await first.pull();
    expect(state).toMatchObject({ serial: 1, outputs: { round: { value: 'one' } } });
  });

  it('a lock another user holds through the API refuses apply until terraform force-unlock; then apply succeeds', async () => {
    const app = service.workdir('held');
    app.config(slowConfig(service.hostname, 'held', 'one', 0));
    await app.init();
    expect((await app.apply()).code).toBe(0);
    const workspaceId = await service.workspaceId('held');

    const lock = await service.request('POST', `/workspaces/${workspaceId}/actions/lock`, { token: TOKENS.admin, body: { reason: 'maintenance' } });
    expect(lock.status).toBe(200);
    app.config(slowConfig(service.hostname, 'held', 'two', 0));
    const refused = await app.apply();
    expectExit(refused, 1);
    expect(refused.output).toContain('Error acquiring the state lock');
    expect((await app.pull()).serial).toBe(1);

    // The lock ID Terraform wants is ORGANIZATION/WORKSPACE.
    const wrongId = await app.run('force-unlock', '-force', 'not-the-id');
    expectExit(wrongId, 1);
    expect(await locked(workspaceId)).toBe(true);
    const unlocked = await app.run('force-unlock', '-force', 'acme/held');
    expectExit(unlocked, 0);
    expect(unlocked.output).toContain('Terraform state has been successfully unlocked!');
    expect(await locked(workspaceId)).toBe(false);
    const again = await app.run('force-unlock', '-force', 'acme/held');
    expectExit(again, 1);

    const apply = await app.apply();
    expectExit(apply, 0);
    expect(await app.pull()).toMatchObject({ serial: 2, outputs: { round: { value: 'two' } } });
  });

  it('safe delete is refused (409) while the state manages resources, and allowed after terraform destroy', async () => {
    const app: CloudWorkdir = service.workdir('doomed');
    app.config(slowConfig(service.hostname, 'doomed', 'one', 0));
    await app.init();
    expect((await app.apply()).code).toBe(0);
    const workspaceId = await service.workspaceId('doomed');

    const refused = await service.request('POST', `/workspaces/${workspaceId}/actions/safe-delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('workspace-manages-resources');
    expect(await service.workspaceId('doomed')).toBe(workspaceId);

    const destroy = await app.run('destroy', '-input=false', '-auto-approve');
    expectExit(destroy, 0);
    expect(destroy.output).toContain('Destroy complete! Resources: 1 destroyed.');
    const state = await app.pull();
    expect(state).toMatchObject({ serial: 2, resources: [], outputs: {} });
    expect((await service.request('GET', `/workspaces/${workspaceId}`)).body.data.attributes['resource-count']).toBe(0);

    const allowed = await service.request('POST', `/workspaces/${workspaceId}/actions/safe-delete`);
    expect(allowed.status).toBe(204);
    expect((await service.request('GET', `/workspaces/${workspaceId}`)).status).toBe(404);
  });
});
