// Write-only attributes: the dispatcher keeps them out of every value Terraform stores, refuses them
// from a Terraform that cannot, and the real Terraform 1.11 keeps a secret out of plan and state.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeWith, TERRAFORM } from '../../../test/helpers/requirements';
import { ProviderDispatcher } from './dispatch';
import * as pb from './messages';
import { checkSchema, impliedType, Schema, toProtocolSchema } from './schema';
import { buildFakeProvider, FAKE_SOURCE } from './testing/build-fake';
import type { ProviderImplementation } from './types';
import { decodeMsgpack, encodeMsgpack, Value } from './values';
import { withoutWriteOnly, writeOnlyPathsSet } from './write-only';

const SECRET = 's3cr3t-do-not-store';

const schema: Schema = {
  attributes: {
    id: { type: 'string', computed: true },
    token_wo: { type: 'string', optional: true, sensitive: true, writeOnly: true },
    token_wo_version: { type: 'number', optional: true },
  },
  blocks: { item: { nesting: 'list', block: { attributes: { pin_wo: { type: 'string', optional: true, writeOnly: true } } } } },
};
const type = impliedType(schema);
const dv = (v: Value) => ({ msgpack: encodeMsgpack(type, v), json: new Uint8Array(0) });
const val = (d: pb.DynamicValue | undefined) => decodeMsgpack(type, d!.msgpack);
const empty = new Uint8Array(0);
const config = { id: null, token_wo: SECRET, token_wo_version: 1, item: [{ pin_wo: '1234' }] };

// A careless resource: it echoes everything, secrets included, in each value it returns.
function careless(seen: Value[]): ProviderImplementation {
  return {
    schema: {},
    resources: {
      cdkws_thing: {
        schema,
        plan: ({ planned, config: c }) => ({ planned: { ...planned, token_wo: c.token_wo } }),
        apply: ({ planned, config: c }) => (seen.push(c), { state: { ...planned!, ...c!, id: 'i-1' } }),
        read: () => ({ state: { ...config, id: 'i-1' } }),
        importState: (id) => ({ state: { ...config, id } }),
      },
    },
  };
}

describe('write-only attributes in the layer', () => {
  it('are announced in the schema and may not be computed', () => {
    const attrs = Object.fromEntries(toProtocolSchema(schema).block.attributes.map((a) => [a.name, a]));
    expect(attrs.token_wo.writeOnly).toBe(true);
    expect(attrs.token_wo_version.writeOnly).toBeFalsy();
    expect(() => checkSchema({ attributes: { x: { type: 'string', optional: true, computed: true, writeOnly: true } } }, 'r')).toThrow(/write-only/);
  });

  it('finds and nulls them, nested blocks included', () => {
    expect(writeOnlyPathsSet(schema, config)).toEqual([['token_wo'], ['item', 0, 'pin_wo']]);
    expect(withoutWriteOnly(schema, config)).toEqual({ id: null, token_wo: null, token_wo_version: 1, item: [{ pin_wo: null }] });
    expect(config.token_wo).toBe(SECRET); // the value given is left alone
  });

  it('hands the secret to apply and keeps it out of plan, apply, read and import results', async () => {
    const seen: Value[] = [];
    const d = new ProviderDispatcher(careless(seen));
    const proposed = { ...config, token_wo: null, item: [{ pin_wo: null }] };
    const plan = await d.planResourceChange({ typeName: 'cdkws_thing', proposedNewState: dv(proposed), config: dv(config), priorPrivate: empty });
    expect(plan.diagnostics).toEqual([]);
    const planned = val((plan as { plannedState: pb.DynamicValue }).plannedState);
    expect(JSON.stringify(planned)).not.toContain(SECRET);
    expect(planned).toMatchObject({ token_wo: null, token_wo_version: 1 });

    const applied = await d.applyResourceChange({ typeName: 'cdkws_thing', plannedState: dv(proposed), config: dv(config), plannedPrivate: empty });
    expect(seen).toEqual([expect.objectContaining({ token_wo: SECRET })]);
    expect(applied.diagnostics).toEqual([]);
    const state = val((applied as { newState: pb.DynamicValue }).newState);
    expect(state).toMatchObject({ id: 'i-1', token_wo: null, item: [{ pin_wo: null }] });

    const read = await d.readResource({ typeName: 'cdkws_thing', currentState: dv(state), private: empty });
    expect(JSON.stringify(val((read as { newState: pb.DynamicValue }).newState))).not.toContain(SECRET);
    const imported = await d.importResourceState({ typeName: 'cdkws_thing', id: 'i-2' });
    expect(JSON.stringify(val((imported as { importedResources: { state: pb.DynamicValue }[] }).importedResources[0].state))).not.toContain(SECRET);
  });

  it('refuses a set write-only attribute from a Terraform without the capability', async () => {
    const d = new ProviderDispatcher(careless([]));
    const old = await d.validateResourceConfig({ typeName: 'cdkws_thing', config: dv(config) });
    expect(old.diagnostics.map((x) => x.summary)).toEqual(['Write-only attribute not allowed', 'Write-only attribute not allowed']);
    const caps = { deferralAllowed: false, writeOnlyAttributesAllowed: true };
    expect((await d.validateResourceConfig({ typeName: 'cdkws_thing', config: dv(config), clientCapabilities: caps })).diagnostics).toEqual([]);
    const unset = { ...config, token_wo: null, item: [] };
    expect((await d.validateResourceConfig({ typeName: 'cdkws_thing', config: dv(unset) })).diagnostics).toEqual([]);
  });
});

jest.setTimeout(180_000);

describeWith('terraform')('write-only attributes with the real Terraform', () => {
  let tmp: string;
  let work: string;
  let store: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-wo-'));
    const mirror = path.join(tmp, 'mirror');
    work = path.join(tmp, 'work');
    store = path.join(tmp, 'store');
    fs.mkdirSync(work);
    await buildFakeProvider(mirror);
    const cliConfig = path.join(tmp, 'cli.tfrc');
    const src = JSON.stringify(FAKE_SOURCE);
    fs.writeFileSync(
      cliConfig,
      `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = [${src}]\n  }\n  direct { exclude = [${src}] }\n}\n`,
    );
    env = { PATH: process.env.PATH, HOME: tmp, CHECKPOINT_DISABLE: '1', TF_CLI_CONFIG_FILE: cliConfig, TF_IN_AUTOMATION: '1', TF_INPUT: '0' };
  });

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  function tf(extraEnv: NodeJS.ProcessEnv, ...args: string[]): { status: number | null; out: string } {
    const res = spawnSync(TERRAFORM, [...args, '-no-color'], { cwd: work, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 120_000 });
    return { status: res.status, out: `${res.stdout}\n${res.stderr}` };
  }
  function ok(extraEnv: NodeJS.ProcessEnv, ...args: string[]): string {
    const r = tf(extraEnv, ...args);
    if (r.status !== 0) throw new Error(`terraform ${args.join(' ')} exited ${r.status}:\n${r.out}`);
    return r.out;
  }
  const remote = () => JSON.parse(fs.readFileSync(path.join(store, 'secret-db.json'), 'utf8')) as Record<string, unknown>;
  const everything = () =>
    fs
      .readdirSync(work, { recursive: true, encoding: 'utf8' })
      .filter((f) => !f.startsWith('.terraform/') && fs.statSync(path.join(work, f)).isFile())
      .map((f) => fs.readFileSync(path.join(work, f), 'utf8'))
      .join('\n');

  it('sends the secret to the provider and keeps it out of the plan and the state', () => {
    const main = (version: number) =>
      `terraform {\n  required_providers {\n    cdkws = { source = "cdk-workspaces/cdkws", version = "0.0.1" }\n  }\n}\n` +
      `provider "cdkws" { store = ${JSON.stringify(store)} }\n` +
      `variable "secret" {\n  type      = string\n  sensitive = true\n  ephemeral = true\n}\n` +
      `resource "cdkws_fake_secret" "db" {\n  name              = "db"\n  secret_wo         = var.secret\n  secret_wo_version = ${version}\n}\n`;
    fs.writeFileSync(path.join(work, 'main.tf'), main(1));
    ok({}, 'init');
    const first = { TF_VAR_secret: SECRET };
    ok(first, 'plan', '-out=plan.bin');
    const shown = ok(first, 'show', '-json', 'plan.bin');
    expect(shown).toContain('cdkws_fake_secret.db');
    expect(shown).not.toContain(SECRET);
    expect(ok(first, 'apply', 'plan.bin')).toMatch(/1 added/);
    expect(remote().secret_wo).toBe(SECRET);
    const state = fs.readFileSync(path.join(work, 'terraform.tfstate'), 'utf8');
    expect(JSON.parse(state).resources[0].instances[0].attributes).toMatchObject({ secret_wo: null, secret_wo_version: 1 });
    expect(everything()).not.toContain(SECRET);

    // A new secret alone plans nothing; a new version sends it.
    const second = { TF_VAR_secret: `${SECRET}-2` };
    expect(tf(second, 'plan', '-detailed-exitcode').status).toBe(0);
    fs.writeFileSync(path.join(work, 'main.tf'), main(2));
    ok(second, 'plan', '-out=plan.bin');
    expect(ok(second, 'show', '-json', 'plan.bin')).not.toContain(`${SECRET}-2`);
    expect(ok(second, 'apply', 'plan.bin')).toMatch(/1 changed/);
    expect(remote().secret_wo).toBe(`${SECRET}-2`);
    expect(ok(second, 'show', '-json')).not.toContain(SECRET);
    expect(everything()).not.toContain(SECRET);
  });
});
