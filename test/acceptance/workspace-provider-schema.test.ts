// Acceptance: `cdkws provider schema` prints exactly what terraform itself reports for the
// installed provider, and the installed mirror works with a plain offline `terraform init`.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(180_000);

maybe('the provider schema', () => {
  afterAll(() => cleanupTerraform());

  it('matches terraform providers schema -json for the installed provider', async () => {
    const tf = await TerraformWorkdir.create();
    tf.config(requiredProviders());
    const init = await tf.init();
    expect(init.output).toMatch(/Installed cdk-workspaces\/cdkws v0\.1\.0/);
    expect(fs.readFileSync(path.join(tf.dir, '.terraform.lock.hcl'), 'utf8')).toContain('registry.terraform.io/cdk-workspaces/cdkws');
    const fromTerraform = JSON.parse((await tf.ok(['providers', 'schema', '-json'])).stdout);
    const cli = spawnSync(process.execPath, [path.resolve(__dirname, '../../bin/cdkws.js'), 'provider', 'schema'], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(fromTerraform);
  });

  it('marks the token sensitive', async () => {
    const { providerSchemaJson } = await import('../../src/provider');
    const schema = providerSchemaJson() as any;
    expect(schema.provider_schemas['registry.terraform.io/cdk-workspaces/cdkws'].provider.block.attributes.token.sensitive).toBe(true);
  });
});
