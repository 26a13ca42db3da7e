// The names the service document neutralised (engine-version, vcs-repo.vcsapp-installation-id) and
// the hosted service's (terraform-version, vcs-repo.github-app-installation-id): the default service
// accepts and answers both; `--dialect hosted` only the hosted ones, ignoring the others as unknown
// members; the client sends the hosted names and reads either.
import { ORG, TOKENS } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const APP = { identifier: 'acme/networking', 'github-app-installation-id': 'ghain-1' };

describe('the default dialect', () => {
  const service = useService();

  it('takes the GitHub app installation under either name and answers both', async () => {
    const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('hn'), 'vcs-repo': APP } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes['vcs-repo']).toMatchObject({ 'github-app-installation-id': 'ghain-1', 'vcsapp-installation-id': 'ghain-1' });
  });

  it('refuses both names of the installation with different values, pointing at the hosted name', async () => {
    const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('hn'), 'vcs-repo': { ...APP, 'vcsapp-installation-id': 'ghain-2' } } } },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors[0].source.pointer).toBe('/data/attributes/vcs-repo/github-app-installation-id');
  });
});

describe('the hosted dialect', () => {
  it('accepts and answers only the hosted names; the document names are ignored', async () => {
    await withService({ dialect: 'hosted' }, async (service) => {
      const create = (attributes: Record<string, unknown>) =>
        service.request('POST', `/organizations/${ORG}/workspaces`, {
          body: { data: { type: 'workspaces', attributes: { name: uniqueName('hd'), ...attributes } } },
        });
      const hosted = await create({ 'terraform-version': '1.5.7', 'vcs-repo': APP });
      expect(hosted.status).toBe(201);
      const attributes = hosted.body.data.attributes;
      expect(attributes['terraform-version']).toBe('1.5.7');
      expect(attributes).not.toHaveProperty('engine-version');
      expect(attributes['vcs-repo']['github-app-installation-id']).toBe('ghain-1');
      expect(attributes['vcs-repo']).not.toHaveProperty('vcsapp-installation-id');

      const neutral = await create({ 'engine-version': '1.5.7' });
      expect(neutral.status).toBe(201);
      expect(neutral.body.data.attributes['terraform-version']).not.toBe('1.5.7');
      // An installation under the document's name is not read: the repository has no way in.
      const withoutWayIn = await create({ 'vcs-repo': { identifier: 'acme/networking', 'vcsapp-installation-id': 'ghain-1' } });
      expect(withoutWayIn.status).toBe(422);
      expect(withoutWayIn.body.errors[0].source.pointer).toBe('/data/attributes/vcs-repo/oauth-token-id');
      // Not checked either: an unknown member.
      expect((await create({ 'engine-version': 'not a version' })).status).toBe(201);
      expect((await create({ 'terraform-version': 'not a version' })).status).toBe(422);

      const listed = await service.request('GET', `/organizations/${ORG}/workspaces`);
      for (const ws of listed.body.data) expect(ws.attributes).not.toHaveProperty('engine-version');
    });
  });

  it('is spoken by the client both ways: an engine version and an app installation it sets read back unchanged', async () => {
    await withService({ dialect: 'hosted' }, async (service) => {
      const client = service.clientFor(TOKENS.owner);
      const name = uniqueName('hc');
      const created = await client.workspaces.create(ORG, {
        name,
        engineVersion: '1.5.7',
        vcsRepo: { identifier: 'acme/networking', vcsappInstallationId: 'ghain-1' },
      });
      expect(created.engineVersion).toBe('1.5.7');
      expect(created.vcsRepo).toMatchObject({ vcsappInstallationId: 'ghain-1' });
      const updated = await client.workspaces.update(ORG, name, { engineVersion: '1.6.0' });
      expect(updated.engineVersion).toBe('1.6.0');
      expect((await client.workspaces.read(ORG, name)).engineVersion).toBe('1.6.0');
    });
  });
});
