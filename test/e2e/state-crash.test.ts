// `kill -9` of `cdkws serve --tls` in the middle of a Terraform apply, then a restart on the same
// data (SQLite file, or the PostgreSQL database in that pass) and port: `terraform state pull` shows
// the old state or the new one, whole, never a broken one; the lock survives; Terraform 1.11 keeps
// retrying while the service is down, so its apply lands once the service is back; the workspace
// can be unlocked and applied again.
import { describeWith } from '../helpers/requirements';
import { cloudBlock, TlsService, waitFor, expectExit } from '../helpers/terraform-cloud';

jest.setTimeout(300_000);

function config(hostname: string, round: string, seconds: number): string {
  return `${cloudBlock(hostname, 'crash')}
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

describeWith('terraform')('the service killed during an apply', () => {
  let service: TlsService;
  beforeAll(async () => {
    service = await TlsService.start();
  });
  afterAll(async () => {
    await service?.stop();
  });

  /** Asserts the pulled state is whole and one of the two expected; returns which round it holds. */
  async function wholeState(app: ReturnType<TlsService['workdir']>, lineage: string, rounds: Record<number, string>): Promise<string> {
    const state = await app.pull();
    expect(state.version).toBe(4);
    expect(state.lineage).toBe(lineage);
    expect(Object.keys(rounds).map(Number)).toContain(state.serial);
    expect(state.outputs).toEqual({ round: { value: rounds[state.serial], type: 'string' } });
    expect(state.resources).toHaveLength(1);
    expect(state.resources[0].instances[0].attributes.input).toEqual({ value: rounds[state.serial], type: 'string' });
    // The service agrees with what Terraform read.
    const workspaceId = await service.workspaceId('crash');
    const current = await service.request('GET', `/workspaces/${workspaceId}/current-state-version`);
    expect(current.body.data.attributes).toMatchObject({ serial: state.serial, lineage, status: 'finalized' });
    return rounds[state.serial];
  }

  /** Unlocks the workspace with Terraform if the killed apply left it locked. */
  async function unlockIfLocked(app: ReturnType<TlsService['workdir']>): Promise<void> {
    const workspaceId = await service.workspaceId('crash');
    const workspace = await service.request('GET', `/workspaces/${workspaceId}`);
    if (workspace.body.data.attributes.locked) {
      const unlocked = await app.run('force-unlock', '-force', 'acme/crash');
      expectExit(unlocked, 0);
    }
    expect((await service.request('GET', `/workspaces/${workspaceId}`)).body.data.attributes.locked).toBe(false);
  }

  it('killed while the apply works: the old state, whole, meanwhile; Terraform retries, and its state lands once serve is back', async () => {
    const app = service.workdir('crash-early');
    app.config(config(service.hostname, 'one', 0));
    await app.init();
    expectExit(await app.apply(), 0);
    const { lineage, serial } = await app.pull();
    expect(serial).toBe(1);
    const workspaceId = await service.workspaceId('crash');

    app.config(config(service.hostname, 'two', 8));
    const running = app.start(['apply', '-input=false', '-auto-approve']);
    await waitFor('the apply to start its slow resource', () => /Provisioning with 'local-exec'/.test(running.output()));
    await service.restart(1000);
    // Terraform is still working: the service holds the old state, whole, and the lock survived the kill.
    const reader = service.workdir('crash-early-reader');
    reader.config(config(service.hostname, 'two', 0));
    await reader.init();
    expect(await wholeState(reader, lineage, { 1: 'one' })).toBe('one');
    expect((await service.request('GET', `/workspaces/${workspaceId}`)).body.data.attributes.locked).toBe(true);

    const done = await running.result;
    expectExit(done, 0);
    expect(done.output).toContain('Apply complete! Resources: 1 added, 0 changed, 1 destroyed.');
    expect(await wholeState(app, lineage, { 2: 'two' })).toBe('two');
    expect((await service.request('GET', `/workspaces/${workspaceId}`)).body.data.attributes.locked).toBe(false);
  });

  it('killed just as the apply writes its state: the old state or the new one, whole; unlock and apply again', async () => {
    const app = service.workdir('crash-late');
    app.config(config(service.hostname, 'two', 0));
    await app.init();
    const { lineage, serial } = await app.pull();
    expect(serial).toBe(2);

    app.config(config(service.hostname, 'three', 1));
    const running = app.start(['apply', '-input=false', '-auto-approve']);
    // The resource is done: Terraform is about to upload the state (or doing so).
    await waitFor('the slow resource to be created', () => /terraform_data\.slow: Creation complete/.test(running.output()));
    // Down long enough for Terraform to notice, then back on the same data and port.
    await service.restart(3000);
    await running.result;

    const seen = await wholeState(app, lineage, { 2: 'two', 3: 'three' });
    await unlockIfLocked(app);
    app.config(config(service.hostname, 'four', 0));
    expectExit(await app.apply(), 0);
    expect(await wholeState(app, lineage, { [seen === 'two' ? 3 : 4]: 'four' })).toBe('four');
  });
});
