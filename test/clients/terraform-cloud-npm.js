// Drives the npm client `@skorfmann/terraform-cloud` with its own defaults (https://HOST/api/v2,
// the system's trusted authorities): only the host name and the token come from outside, and the
// CA is trusted the way a user would, with NODE_EXTRA_CA_CERTS. Prints one JSON line per step.
'use strict';
const { TerraformCloud } = require('@skorfmann/terraform-cloud');

const [hostname, token, organization, suffix] = process.argv.slice(2);
const client = new TerraformCloud(token, hostname);

async function step(name, run) {
  try {
    const value = await run();
    process.stdout.write(`${JSON.stringify({ step: name, ok: true, value: value === undefined ? null : value })}\n`);
    return value;
  } catch (error) {
    const status = error.response ? error.response.status : null;
    process.stdout.write(`${JSON.stringify({ step: name, ok: false, status, message: String(error.message) })}\n`);
    return undefined;
  }
}

(async () => {
  const name = `npm-client-${suffix}`;
  const other = `npm-client-other-${suffix}`;
  await step('account details', () => client.Account.getDetails());
  const created = await step('create with terraform-version', () =>
    client.Workspaces.create(organization, { data: { type: 'workspaces', attributes: { name, 'terraform-version': '1.5.7', 'auto-apply': true } } }),
  );
  const second = await step('create another', () => client.Workspaces.create(organization, { data: { type: 'workspaces', attributes: { name: other } } }));
  await step('show by name', () => client.Workspaces.showByName(organization, name));
  await step('show by id', () => client.Workspaces.show(created ? created.id : 'ws-missing'));
  // The client's update takes a "workspaceId" but puts it where the API wants the name.
  await step('update (name in the workspaceId slot)', () =>
    client.Workspaces.update(organization, name, {
      data: { type: 'workspaces', attributes: { 'terraform-version': '1.6.0', description: 'from the npm client' } },
    }),
  );
  await step('remote state consumers add (old path)', () =>
    client.RemoteStateConsumer.add(created ? created.id : 'ws-missing', second ? second.id : 'ws-missing'),
  );
  await step('remote state consumers list (old path)', () => client.RemoteStateConsumer.list(created ? created.id : 'ws-missing'));
  await step('delete by id', () => client.Workspaces.delete(second ? second.id : 'ws-missing').then(() => 'deleted'));
  await step('delete by name', () => client.Workspaces.deleteByName(organization, name).then(() => 'deleted'));
  await step('show after delete', () => client.Workspaces.showByName(organization, name));
})();
