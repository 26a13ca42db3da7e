// The real Terraform binary against the fake provider, installed offline from a filesystem mirror:
// init, create, no-op plan, in-place update, forced replacement, import, destroy.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeWith, TERRAFORM } from '../../../test/helpers/requirements';
import { buildFakeProvider, FAKE_SOURCE } from './testing/build-fake';

const maybe = describeWith('terraform');

jest.setTimeout(180_000);

maybe('terraform end to end', () => {
  let tmp: string;
  let work: string;
  let store: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-e2e-'));
    const mirror = path.join(tmp, 'mirror');
    work = path.join(tmp, 'work');
    store = path.join(tmp, 'store');
    fs.mkdirSync(work);
    await buildFakeProvider(mirror);
    const cliConfig = path.join(tmp, 'cli.tfrc');
    fs.writeFileSync(
      cliConfig,
      `provider_installation {
  filesystem_mirror {
    path    = ${JSON.stringify(mirror)}
    include = [${JSON.stringify(FAKE_SOURCE)}]
  }
  direct {
    exclude = [${JSON.stringify(FAKE_SOURCE)}]
  }
}
`,
    );
    env = {
      PATH: process.env.PATH,
      HOME: tmp,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: cliConfig,
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
    };
  });

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  function tf(...args: string[]): { status: number | null; out: string } {
    const res = spawnSync(TERRAFORM, [...args, '-no-color'], { cwd: work, env, encoding: 'utf8', timeout: 120_000 });
    return { status: res.status, out: `${res.stdout}\n${res.stderr}` };
  }

  function ok(...args: string[]): string {
    const r = tf(...args);
    if (r.status !== 0) throw new Error(`terraform ${args.join(' ')} exited ${r.status}:\n${r.out}`);
    return r.out;
  }

  function config(name: string, zone: string, extra = ''): void {
    fs.writeFileSync(
      path.join(work, 'main.tf'),
      `terraform {
  required_providers {
    cdkws = { source = "cdk-workspaces/cdkws", version = "0.0.1" }
  }
}
provider "cdkws" { store = ${JSON.stringify(store)} }
resource "cdkws_fake" "a" {
  name = ${JSON.stringify(name)}
  zone = ${JSON.stringify(zone)}
  tags = { team = "net" }
  rule {
    key   = "k1"
    value = "v1"
  }
  rule { key = "k2" }
  settings { enabled = true }
  label { text = "x" }
  label { text = "y" }
}
data "cdkws_fake_echo" "e" { input = cdkws_fake.a.id }
output "id" { value = cdkws_fake.a.id }
output "echo" { value = data.cdkws_fake_echo.e.output }
output "revision" { value = cdkws_fake.a.revision }
${extra}`,
    );
  }

  const output = (name: string) => ok('output', '-raw', name).trim();
  const objects = () => fs.readdirSync(store).filter((f) => f.endsWith('.json'));

  it('runs the whole lifecycle', () => {
    config('one', 'z1');
    expect(ok('init')).toMatch(/Terraform has been successfully initialized/);
    expect(fs.readFileSync(path.join(work, '.terraform.lock.hcl'), 'utf8')).toContain('cdk-workspaces/cdkws');

    // Create.
    expect(ok('apply', '-auto-approve')).toMatch(/Resources: 1 added, 0 changed, 0 destroyed/);
    const id = output('id');
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(output('echo')).toBe(`echo:${id}`);
    expect(output('revision')).toBe('1');
    expect(objects()).toEqual([`${id}.json`]);

    // Nothing changed: a no-op plan.
    expect(tf('plan', '-detailed-exitcode').status).toBe(0);

    // In-place update keeps the id and bumps the revision.
    config('two', 'z1');
    const upd = tf('plan', '-detailed-exitcode');
    expect(upd.status).toBe(2);
    expect(upd.out).toMatch(/update in-place/);
    expect(ok('apply', '-auto-approve')).toMatch(/0 added, 1 changed, 0 destroyed/);
    expect(output('id')).toBe(id);
    expect(output('revision')).toBe('2');
    expect(tf('plan', '-detailed-exitcode').status).toBe(0);

    // A requiresReplace attribute forces replacement.
    config('two', 'z2');
    expect(tf('plan').out).toMatch(/# forces replacement/);
    expect(ok('apply', '-auto-approve')).toMatch(/1 added, 0 changed, 1 destroyed/);
    const id2 = output('id');
    expect(id2).not.toBe(id);
    expect(objects()).toEqual([`${id2}.json`]);

    // Import: forget it, then import it back; the refreshed state matches the config.
    ok('state', 'rm', 'cdkws_fake.a');
    config('two', 'z2', `import {\n  to = cdkws_fake.a\n  id = "${id2}"\n}\n`);
    expect(ok('apply', '-auto-approve')).toMatch(/1 imported, 0 added, 0 changed, 0 destroyed/);
    config('two', 'z2');
    expect(tf('plan', '-detailed-exitcode').status).toBe(0);

    // Validation diagnostics point at the attribute.
    config('  ', 'z2');
    const bad = tf('plan');
    expect(bad.status).toBe(1);
    expect(bad.out).toMatch(/Invalid name/);
    expect(bad.out).toMatch(/name must not be empty/);

    // Destroy.
    config('two', 'z2');
    expect(ok('destroy', '-auto-approve')).toMatch(/Resources: 1 destroyed/);
    expect(objects()).toEqual([]);
  });
});
