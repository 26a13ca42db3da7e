// Acceptance: lock-aware updates of cdkws_workspace with the real terraform binary: waiting for
// another user's lock, giving up with the holder's name, unlock's 503, and Ctrl-C while waiting.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function config(name: string, description: string, lockTimeout = '60s'): string {
  return `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
  lock_timeout = "${lockTimeout}"
}
resource "cdkws_workspace" "main" {
  name        = "${name}"
  description = "${description}"
}
`;
}

maybe('cdkws_workspace updates under locks', () => {
  const service = useService();

  const show = async (id: string) => (await service.request('GET', `/workspaces/${id}`)).body.data.attributes;
  const lockAs = (id: string, token: string) => service.request('POST', `/workspaces/${id}/actions/lock`, { token, body: { reason: 'bob is deploying' } });
  const unlockAs = (id: string, token: string) => service.request('POST', `/workspaces/${id}/actions/unlock`, { token });

  /** A workdir managing a new workspace with description "v1"; returns it and the workspace ID. */
  async function managed(name: string): Promise<{ tf: TerraformWorkdir; id: string }> {
    const tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(config(name, 'v1'));
    await tf.init();
    await tf.ok(['apply', '-auto-approve']);
    return { tf, id: (await tf.resource('cdkws_workspace.main'))!.id };
  }

  afterAll(() => cleanupTerraform());

  it('waits for a lock held by another user, then updates and unlocks', async () => {
    const { tf, id } = await managed('locks-wait');
    expect((await lockAs(id, TOKENS.admin)).status).toBe(200);
    tf.config(config('locks-wait', 'v2'));
    const run = tf.start(['apply', '-auto-approve']);
    await sleep(3000);
    // Nothing changed under bob's lock.
    expect(await show(id)).toMatchObject({ description: 'v1', locked: true, 'locked-reason': 'bob is deploying' });
    expect((await unlockAs(id, TOKENS.admin)).status).toBe(200);
    const r = await run.result;
    expect(r.output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(await show(id)).toMatchObject({ description: 'v2', locked: false });
    expect((await tf.plan()).code).toBe(0);
  });

  it('gives up after lock_timeout, names the holder and changes nothing', async () => {
    const { tf, id } = await managed('locks-timeout');
    expect((await lockAs(id, TOKENS.admin)).status).toBe(200);
    tf.config(config('locks-timeout', 'v2', '2s'));
    const r = await tf.apply();
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/is locked by user bob \(user-bob\)/);
    expect(r.output).toMatch(/bob is deploying/);
    expect(r.output).toMatch(/nothing was changed/);
    expect(await show(id)).toMatchObject({ description: 'v1', locked: true });
    expect((await tf.resource('cdkws_workspace.main'))!.description).toBe('v1');
    expect((await unlockAs(id, TOKENS.admin)).status).toBe(200);
  });

  it('leaves state and workspace consistent when interrupted while waiting for a lock', async () => {
    const { tf, id } = await managed('locks-interrupt');
    expect((await lockAs(id, TOKENS.admin)).status).toBe(200);
    tf.config(config('locks-interrupt', 'v2'));
    const run = tf.start(['apply', '-auto-approve']);
    // Interrupt only once the update is under way (waiting for bob's lock), however slow the machine.
    for (let i = 0; i < 600 && !run.output().includes('Modifying...'); i++) await sleep(100);
    await sleep(1000);
    run.child.kill('SIGINT');
    const r = await run.result;
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/Interrupted while waiting for the workspace lock/);
    expect(await show(id)).toMatchObject({ description: 'v1', locked: true, 'locked-reason': 'bob is deploying' });
    const state = (await tf.resource('cdkws_workspace.main'))!;
    expect(state).toMatchObject({ id, description: 'v1' });
    // Once bob is done, the change is still pending and applies cleanly.
    expect((await unlockAs(id, TOKENS.admin)).status).toBe(200);
    expect((await tf.plan()).code).toBe(2);
    expect((await tf.apply()).output).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(await show(id)).toMatchObject({ description: 'v2', locked: false });
  });
});
