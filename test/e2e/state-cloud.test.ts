// The real Terraform CLI keeping its state in `cdkws serve --tls` (SQLite, or PostgreSQL in the
// PostgreSQL pass): the `cloud` block (init, apply, state pull, output), another configuration
// reading the outputs with `terraform_remote_state` (and a user without access refused),
// `backend "remote"` for a second workspace, and `state push` of an unrelated state refused.
// Only `terraform_data` and outputs: no provider is downloaded.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKENS } from '../helpers/service';
import { describeWith } from '../helpers/requirements';
import { cloudBlock, remoteBackendBlock, TlsService, type CloudWorkdir, expectExit } from '../helpers/terraform-cloud';

jest.setTimeout(240_000);

/** Outputs of the `app` configuration; `round` changes the data and so the state. */
function appConfig(hostname: string, round: string): string {
  return `${cloudBlock(hostname, 'app')}
resource "terraform_data" "server" {
  input = "server-${round}"
}

output "greeting" {
  value = "hello from \${terraform_data.server.output}"
}

output "ports" {
  value = [80, 443]
}

output "secret" {
  value     = "s3cr3t-${round}"
  sensitive = true
}
`;
}

function readerConfig(hostname: string): string {
  return `data "terraform_remote_state" "app" {
  backend = "remote"
  config = {
    hostname     = "${hostname}"
    organization = "acme"
    workspaces = {
      name = "app"
    }
  }
}

output "greeting_seen" {
  value = data.terraform_remote_state.app.outputs.greeting
}

output "ports_seen" {
  value = data.terraform_remote_state.app.outputs.ports
}
`;
}

describeWith('terraform')('Terraform keeps its state in the service', () => {
  let service: TlsService;
  let app: CloudWorkdir;
  beforeAll(async () => {
    service = await TlsService.start();
    app = service.workdir('app');
    app.config(appConfig(service.hostname, 'one'));
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('cloud block: init creates the workspace, apply writes state version 1 with the outputs, state pull and output read it back', async () => {
    const init = await app.init();
    expect(init.output).toMatch(/HCP Terraform has been successfully initialized|Terraform Enterprise has been successfully initialized/);
    const workspaceId = await service.workspaceId('app');
    expect((await service.request('GET', `/workspaces/${workspaceId}/current-state-version`)).status).toBe(404);

    const apply = await app.apply();
    expectExit(apply, 0);
    expect(apply.output).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');

    const state = await app.pull();
    expect(state).toMatchObject({ version: 4, serial: 1 });
    expect(state.lineage).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.outputs).toEqual({
      greeting: { value: 'hello from server-one', type: 'string' },
      ports: { value: [80, 443], type: ['tuple', ['number', 'number']] },
      secret: { value: 's3cr3t-one', type: 'string', sensitive: true },
    });
    expect(state.resources.map((r: any) => `${r.type}.${r.name}`)).toEqual(['terraform_data.server']);

    // The service's view of the same state: serial, lineage, the bytes, the outputs.
    const current = await service.request('GET', `/workspaces/${workspaceId}/current-state-version`);
    expect(current.status).toBe(200);
    expect(current.body.data.attributes).toMatchObject({ serial: 1, lineage: state.lineage, status: 'finalized', 'resources-processed': true });
    const download = await service.request('GET', current.body.data.attributes['hosted-state-download-url']);
    expect(download.status).toBe(200);
    expect(createHash('md5').update(download.text).digest('hex')).toBe(current.body.data.attributes.md5);
    expect(JSON.parse(download.text)).toEqual(state);
    const workspace = await service.request('GET', `/workspaces/${workspaceId}`);
    expect(workspace.body.data.attributes['resource-count']).toBe(1);
    const outputs = await service.request('GET', `/workspaces/${workspaceId}/current-state-version-outputs`);
    const byName = Object.fromEntries(outputs.body.data.map((o: any) => [o.attributes.name, o.attributes]));
    expect(byName.greeting).toMatchObject({ sensitive: false, value: 'hello from server-one', type: 'string' });
    expect(byName.secret).toMatchObject({ sensitive: true, value: null });

    // `terraform output` reads the outputs endpoints; the sensitive value comes by the output's ID.
    expect(await app.outputs()).toEqual({
      greeting: { sensitive: false, type: 'string', value: 'hello from server-one' },
      ports: { sensitive: false, type: ['tuple', ['number', 'number']], value: [80, 443] },
      secret: { sensitive: true, type: 'string', value: 's3cr3t-one' },
    });
    expect((await app.ok('output', '-raw', 'secret')).stdout).toBe('s3cr3t-one');
  });

  it('a second apply with changes writes serial 2 on the same lineage; one without changes writes nothing', async () => {
    const before = await app.pull();
    app.config(appConfig(service.hostname, 'two'));
    const apply = await app.apply();
    expectExit(apply, 0);
    expect(apply.output).toContain('Apply complete! Resources: 0 added, 1 changed, 0 destroyed.');
    const after = await app.pull();
    expect(after).toMatchObject({ serial: 2, lineage: before.lineage });
    expect(after.outputs.greeting.value).toBe('hello from server-two');
    const unchanged = await app.apply();
    expectExit(unchanged, 0);
    expect(unchanged.output).toContain('Apply complete! Resources: 0 added, 0 changed, 0 destroyed.');
    expect((await app.pull()).serial).toBe(2);
    const versions = await service.request('GET', `/state-versions?filter[organization][name]=acme&filter[workspace][name]=app`);
    expect(versions.status).toBe(200);
    expect(versions.body.data.map((v: any) => v.attributes.serial)).toEqual([2, 1]);
  });

  it('terraform_remote_state (backend "remote") reads the outputs with a reader token, and refuses a user without access', async () => {
    const reader = service.workdir('reader', TOKENS.reader);
    reader.config(readerConfig(service.hostname));
    await reader.init();
    const apply = await reader.apply();
    expectExit(apply, 0);
    expect(await reader.outputs()).toEqual({
      greeting_seen: { sensitive: false, type: 'string', value: 'hello from server-two' },
      ports_seen: { sensitive: false, type: ['tuple', ['number', 'number']], value: [80, 443] },
    });

    const stranger = service.workdir('stranger', TOKENS.outsider);
    stranger.config(readerConfig(service.hostname));
    await stranger.init();
    const refused = await stranger.run('plan', '-input=false');
    expectExit(refused, 1);
    // The organization is not visible to that token: the service answers 404, as for one that does not exist.
    expect(refused.output).toContain(`Error: Failed to read organization "acme" at host ${service.hostname}`);
    expect(refused.output).toContain(`organization "acme" at host ${service.hostname} not found`);
    expect(refused.output).not.toContain('hello from');
    // The refusal created nothing on the stranger's behalf.
    const list = await service.request('GET', '/organizations/acme/workspaces');
    expect(list.body.data.map((w: any) => w.attributes.name).sort()).toEqual(['app']);
  });

  it('backend "remote" keeps a second workspace\'s state', async () => {
    const other = service.workdir('other');
    other.config(`${remoteBackendBlock(service.hostname, 'app-remote')}
resource "terraform_data" "x" {
  input = "remote"
}

output "kind" {
  value = terraform_data.x.output
}
`);
    await other.init();
    const apply = await other.apply();
    expectExit(apply, 0);
    expect(apply.output).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    const state = await other.pull();
    expect(state).toMatchObject({ version: 4, serial: 1, outputs: { kind: { value: 'remote', type: 'string' } } });
    const workspaceId = await service.workspaceId('app-remote');
    const current = await service.request('GET', `/workspaces/${workspaceId}/current-state-version`);
    expect(current.body.data.attributes).toMatchObject({ serial: 1, lineage: state.lineage });
    expect((await other.outputs()).kind.value).toBe('remote');
  });

  it('state push of a state with another lineage is refused, and the current state stays', async () => {
    const before = await app.pull();
    const foreign = { ...before, lineage: '00000000-0000-4000-8000-000000000000', serial: before.serial + 5 };
    writeFileSync(path.join(app.dir, 'foreign.tfstate'), JSON.stringify(foreign));
    const push = await app.run('state', 'push', 'foreign.tfstate');
    expectExit(push, 1);
    expect(push.output).toMatch(/lineage/i);
    // The service refuses it too, when a client does not check: a state version of another lineage, without force.
    const workspaceId = await service.workspaceId('app');
    expect((await service.request('POST', `/workspaces/${workspaceId}/actions/lock`, { body: { reason: 'push test' } })).status).toBe(200);
    const raw = JSON.stringify(foreign);
    const post = await service.request('POST', `/workspaces/${workspaceId}/state-versions`, {
      body: {
        data: {
          type: 'state-versions',
          attributes: {
            serial: foreign.serial,
            md5: createHash('md5').update(raw).digest('hex'),
            lineage: foreign.lineage,
            state: Buffer.from(raw).toString('base64'),
          },
        },
      },
    });
    expect((await service.request('POST', `/workspaces/${workspaceId}/actions/unlock`)).status).toBe(200);
    expect(post.status).toBe(409);
    expect(post.body.errors[0].code).toBe('state-version-conflict');
    const after = await app.pull();
    expect(after).toMatchObject({ serial: before.serial, lineage: before.lineage });
  });
});
