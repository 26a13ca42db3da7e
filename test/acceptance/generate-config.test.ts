// Acceptance: `terraform plan -generate-config-out` writes valid configuration for workspaces (and
// a tag binding and a consumer list) that exist outside terraform; applying it imports them and
// the next plan shows no changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ORG, TOKENS } from '../helpers/service';
import { addRemoteStateConsumers, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

maybe('terraform plan -generate-config-out', () => {
  const service = useService();
  let tf: TerraformWorkdir;
  const ws: Record<string, string> = {};

  beforeAll(async () => {
    ws.plain = (await createWorkspace(service, { name: 'gen-plain' })).id;
    ws.rich = (
      await createWorkspace(
        service,
        {
          name: 'gen-rich',
          description: 'made outside terraform',
          'auto-apply': true,
          'execution-mode': 'local',
          'trigger-prefixes': ['modules/'],
          'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', branch: 'main' },
        },
        workspaceRelationships({ tagBindings: { team: 'net' } }),
      )
    ).id;
    await addRemoteStateConsumers(service, ws.rich, [ws.plain]);
    tf = await TerraformWorkdir.create({ address: service.url, token: TOKENS.owner });
    tf.config(`${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
import {
  to = cdkws_workspace.plain
  id = "${ws.plain}"
}
import {
  to = cdkws_workspace.rich
  id = "${ws.rich}"
}
import {
  to = cdkws_tag_binding.team
  id = "${ws.rich}/team"
}
import {
  to = cdkws_remote_state_consumers.rich
  id = "${ws.rich}"
}
`);
    await tf.init();
  });

  afterAll(() => cleanupTerraform());

  it('writes configuration that imports the existing objects and then plans no changes', async () => {
    const plan = await tf.plan('-generate-config-out=generated.tf');
    expect(plan.output).toMatch(/4 to import, 0 to add, 0 to change, 0 to destroy/);
    const generated = fs.readFileSync(path.join(tf.dir, 'generated.tf'), 'utf8');
    expect(generated).toContain('resource "cdkws_workspace" "rich"');
    expect(generated).toMatch(/name\s+= "gen-rich"/);
    expect(generated).not.toContain(TOKENS.owner);
    await tf.ok(['validate']);
    expect((await tf.apply()).output).toMatch(/4 imported, 0 added, 0 changed, 0 destroyed/);
    expect((await tf.plan()).code).toBe(0);
    expect((await tf.resource('cdkws_remote_state_consumers.rich'))!.consumer_ids).toEqual([ws.plain]);
  });
});
