// Acceptance: resource "cdkws_organization" (a site administrator declares a sandbox organization
// and a workspace in it) and data "cdkws_organization" (any member reads email and entitlements),
// with the real terraform binary against the service's organizations API.
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

const SITE_ADMIN_TOKEN = 'site-admin-token';
const ENTITLEMENTS = [
  'agents',
  'audit_logging',
  'cost_estimation',
  'operations',
  'private_module_registry',
  'sentinel',
  'sso',
  'state_storage',
  'teams',
  'vcs_integrations',
];

/** The usual bootstrap plus a site administrator, who may create and delete organizations. */
function bootstrapWithSiteAdmin(): any {
  const bootstrap = defaultBootstrap();
  bootstrap.users.push({ username: 'root', 'site-admin': true, tokens: [SITE_ADMIN_TOKEN] });
  return bootstrap;
}

const sandboxConfig = (email: string) => `${requiredProviders()}
resource "cdkws_organization" "sandbox" {
  name  = "tf-sandbox"
  email = "${email}"
}
resource "cdkws_workspace" "scratch" {
  name         = "scratch"
  organization = cdkws_organization.sandbox.name
}
`;

maybe('cdkws_organization with terraform', () => {
  const service = useService(() => ({ bootstrap: bootstrapWithSiteAdmin() }));

  afterAll(() => cleanupTerraform());

  it('creates an organization and a workspace in it, changes its email in place, then destroys both', async () => {
    const tf = await TerraformWorkdir.create({ address: service.url, token: SITE_ADMIN_TOKEN });
    tf.config(sandboxConfig('platform@example.com'));
    await tf.init();
    await tf.ok(['apply', '-input=false', '-auto-approve']);
    const shown = await service.request('GET', '/organizations/tf-sandbox', { token: SITE_ADMIN_TOKEN });
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toMatchObject({ name: 'tf-sandbox', email: 'platform@example.com' });
    const scratch = await service.request('GET', '/organizations/tf-sandbox/workspaces/scratch', { token: SITE_ADMIN_TOKEN });
    expect(scratch.status).toBe(200);
    expect((await tf.plan()).code).toBe(0);

    tf.config(sandboxConfig('sandbox-owners@example.com'));
    const changed = await tf.plan();
    expect(changed.code).toBe(2);
    expect(changed.stdout).toContain('1 to change, 0 to destroy');
    await tf.ok(['apply', '-input=false', '-auto-approve']);
    const updated = await service.request('GET', '/organizations/tf-sandbox', { token: SITE_ADMIN_TOKEN });
    expect(updated.body.data.attributes.email).toBe('sandbox-owners@example.com');
    expect((await tf.plan()).code).toBe(0);

    await tf.ok(['destroy', '-input=false', '-auto-approve']);
    expect((await service.request('GET', '/organizations/tf-sandbox', { token: SITE_ADMIN_TOKEN })).status).toBe(404);
  });

  it('refuses to create an organization with a token that is no site administrator', async () => {
    const tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(sandboxConfig('platform@example.com'));
    await tf.init();
    const refused = await tf.apply();
    expect(refused.code).toBe(1);
    expect((await service.request('GET', '/organizations/tf-sandbox', { token: SITE_ADMIN_TOKEN })).status).toBe(404);
  });

  it("reads an organization's email and entitlements with a member's read-only token", async () => {
    const tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.reader });
    tf.config(`${requiredProviders()}
data "cdkws_organization" "acme" {
  name = "${ORG}"
}
output "acme" { value = data.cdkws_organization.acme }
`);
    await tf.init();
    await tf.ok(['apply', '-input=false', '-auto-approve']);
    const out = JSON.parse((await tf.ok(['output', '-json'])).stdout).acme.value;
    const shown = await service.request('GET', `/organizations/${ORG}`, { token: TOKENS.reader });
    expect(out).toMatchObject({ id: ORG, name: ORG, email: shown.body.data.attributes.email });
    expect(Object.keys(out.entitlements).sort()).toEqual(ENTITLEMENTS);
    for (const key of ENTITLEMENTS) expect([key, typeof out.entitlements[key]]).toEqual([key, 'boolean']);
    expect((await tf.plan()).code).toBe(0);
  });
});
