// examples/terraform works as written with plain Terraform: apply, an empty plan, destroy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'terraform', 'main.tf');
const maybe = describeWith('terraform');

maybe('examples/terraform', () => {
  const service = useService();
  let work: TerraformWorkdir;

  beforeAll(async () => {
    work = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    work.write({ 'main.tf': readFileSync(EXAMPLE, 'utf8') });
    await work.init();
  }, 180_000);

  it('is formatted and valid', async () => {
    expect((await work.run('fmt', '-check', '-diff')).code).toBe(0);
    expect((await work.run('validate')).code).toBe(0);
  });

  it('applies the same workspaces as the cdktf example, then plans no changes', async () => {
    const apply = await work.apply();
    expect(apply.output).toContain('Apply complete! Resources: 20 added, 0 changed, 0 destroyed.');
    const names = ['data-warehouse', 'networking-prod', 'networking-staging', 'payments-api-prod', 'payments-api-staging'];
    for (const name of names) expect((await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status).toBe(200);
    const again = await work.plan();
    expect({ code: again.code, output: again.code === 0 ? '' : again.output }).toEqual({ code: 0, output: '' });
  });

  it('destroys everything it created', async () => {
    const destroyed = await work.destroy();
    expect(destroyed.output).toContain('Destroy complete! Resources: 20 destroyed.');
    expect((await service.request('GET', `/organizations/${ORG}/workspaces/networking-prod`)).status).toBe(404);
  });
});
