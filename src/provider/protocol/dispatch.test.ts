// The dispatcher without gRPC: hooks see plain values, return values and diagnostics, and never
// crash the plugin.
import { DiagnosticError, diagnosticFromError, error, formatPath, pathFromProtocol, pathToProtocol } from './diagnostics';
import { ProviderDispatcher } from './dispatch';
import * as pb from './messages';
import { checkSchema, impliedType, Schema, toProtocolSchema } from './schema';
import { ProviderImplementation, ResourceImplementation } from './types';
import { decodeMsgpack, encodeMsgpack, ObjectValue, Unknown, Value } from './values';

const schema: Schema = {
  version: 2,
  attributes: {
    id: { type: 'string', computed: true },
    name: { type: 'string', required: true, requiresReplace: true },
    note: { type: 'string', optional: true, computed: true },
    secret: { type: 'string', optional: true, sensitive: true },
  },
  blocks: {
    rule: {
      nesting: 'list',
      maxItems: 3,
      block: { attributes: { k: { type: 'string', required: true }, uid: { type: 'string', computed: true } } },
    },
  },
};
const type = impliedType(schema);
const dv = (v: Value) => ({ msgpack: encodeMsgpack(type, v), json: new Uint8Array(0) });
const val = (d: pb.DynamicValue | undefined) => decodeMsgpack(type, d!.msgpack);
const empty = new Uint8Array(0);

function provider(overrides: Partial<ResourceImplementation> = {}): ProviderImplementation<{ token: string }> {
  return {
    schema: { attributes: { token: { type: 'string', optional: true } } },
    configure: (config) => ({ providerData: { token: typeof config.token === 'string' ? config.token : '' } }),
    resources: {
      cdkws_thing: {
        schema,
        apply: ({ action, planned }) => (action === 'delete' ? {} : { state: { ...planned!, id: 'i-1', note: 'n', rule: [] } }),
        read: ({ state }) => ({ state }),
        ...overrides,
      },
    },
  };
}

describe('schema translation', () => {
  it('sends types as JSON text and flags as set', () => {
    const s = toProtocolSchema(schema);
    expect(s.version).toBe(2);
    const byName = Object.fromEntries(s.block.attributes.map((a) => [a.name, a]));
    expect(new TextDecoder().decode(byName.name.type)).toBe('"string"');
    expect(byName.secret.sensitive).toBe(true);
    expect(byName.note).toMatchObject({ optional: true, computed: true });
    expect(s.block.blockTypes[0]).toMatchObject({ typeName: 'rule', nesting: pb.BlockNesting.LIST, maxItems: 3 });
    expect(new TextDecoder().decode(toProtocolSchema({ attributes: { s: { type: ['set', 'string'], optional: true } } }).block.attributes[0].type)).toBe(
      '["set","string"]',
    );
  });

  it('rejects schema mistakes at start-up', () => {
    expect(() => checkSchema({ attributes: { a: { type: 'string' } } }, 'x')).toThrow(/required, optional or computed/);
    expect(() => checkSchema({ attributes: { a: { type: 'string', required: true, computed: true } } }, 'x')).toThrow();
    expect(() => checkSchema({ attributes: { Bad: { type: 'string', optional: true } } }, 'x')).toThrow(/name/);
  });
});

describe('diagnostics', () => {
  it('maps paths both ways and formats them', () => {
    const p = ['rule', 0, 'k', { key: 'a' }] as const;
    expect(pathFromProtocol(pathToProtocol(p))).toEqual(p);
    expect(formatPath(p)).toBe('rule[0].k["a"]');
  });

  it('turns thrown things into error diagnostics', () => {
    expect(diagnosticFromError(new Error('boom'), 'Failed')).toEqual(error('Failed', 'boom'));
    expect(diagnosticFromError(new DiagnosticError('S', 'D', ['name']))).toEqual(error('S', 'D', ['name']));
    expect(diagnosticFromError('text').detail).toBe('text');
  });
});

describe('dispatcher', () => {
  it('serves every call without a schema call first, and tells Terraform so (it then reuses its cached schema)', async () => {
    const d = new ProviderDispatcher(provider());
    const configured = await d.configureProvider({
      terraformVersion: '1.11.4',
      config: { msgpack: encodeMsgpack(impliedType(provider().schema), { token: 't' }), json: empty },
    });
    expect(configured.diagnostics).toEqual([]);
    expect(d.getProviderSchema().serverCapabilities).toEqual({ getProviderSchemaOptional: true });
    expect(d.getMetadata().serverCapabilities).toEqual({ getProviderSchemaOptional: true });
    // The wire form carries field 2 of ServerCapabilities (get_provider_schema_optional) set.
    expect([...pb.ServerCapabilities.encode({ getProviderSchemaOptional: true })]).toEqual([0x10, 0x01]);
  });

  it('configures the provider and hands providerData to hooks', async () => {
    let seen: unknown;
    const d = new ProviderDispatcher(provider({ validate: (_c, ctx) => void (seen = ctx.providerData) }));
    const ptype = impliedType(d['impl'].schema);
    await d.configureProvider({ terraformVersion: '1.11.4', config: { msgpack: encodeMsgpack(ptype, { token: 't' }), json: empty } });
    await d.validateResourceConfig({ typeName: 'cdkws_thing', config: dv({ name: 'a' }) });
    expect(seen).toEqual({ token: 't' });
    expect(d.ctx.terraformVersion).toBe('1.11.4');
  });

  it('plans a create with unknown computed attributes, including in nested blocks', async () => {
    const d = new ProviderDispatcher(provider());
    const proposed = { name: 'a', note: null, secret: null, id: null, rule: [{ k: 'x', uid: null }] };
    const res = (await d.planResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(null),
      proposedNewState: dv(proposed),
      config: dv(proposed),
      priorPrivate: empty,
    })) as { plannedState: pb.DynamicValue; requiresReplace: pb.AttributePath[] };
    expect(val(res.plannedState)).toEqual({ name: 'a', note: Unknown, secret: null, id: Unknown, rule: [{ k: 'x', uid: Unknown }] });
    expect(res.requiresReplace).toEqual([]);
  });

  it('plans an update keeping prior computed values and reports requiresReplace', async () => {
    const d = new ProviderDispatcher(provider());
    const prior = { id: 'i-1', name: 'a', note: 'n', secret: null, rule: [] };
    const proposed = { ...prior, name: 'b' };
    const config = { ...proposed, id: null, note: null };
    const res = (await d.planResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(prior),
      proposedNewState: dv(proposed),
      config: dv(config),
      priorPrivate: empty,
    })) as rpcPlan;
    expect(val(res.plannedState)).toEqual(proposed);
    expect(res.requiresReplace).toEqual([{ steps: [{ attributeName: 'name' }] }]);
  });

  it('lets the plan hook adjust the plan', async () => {
    const d = new ProviderDispatcher(provider({ plan: ({ planned }) => ({ planned: { ...planned, note: Unknown }, requiresReplace: [] }) }));
    const prior = { id: 'i-1', name: 'a', note: 'n', secret: null, rule: [] };
    const res = (await d.planResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(prior),
      proposedNewState: dv({ ...prior, name: 'b' }),
      config: dv({ ...prior, name: 'b' }),
      priorPrivate: empty,
    })) as rpcPlan;
    expect((val(res.plannedState) as ObjectValue).note).toBe(Unknown);
    expect(res.requiresReplace).toEqual([]);
  });

  it('applies create and delete, and reports unknowns left after apply as a provider bug', async () => {
    const d = new ProviderDispatcher(provider());
    const planned: ObjectValue = { id: Unknown, name: 'a', note: Unknown, secret: null, rule: [] };
    const created = (await d.applyResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(null),
      plannedState: dv(planned),
      config: dv(planned),
      plannedPrivate: empty,
    })) as rpcApply;
    expect(created.diagnostics).toEqual([]);
    expect(val(created.newState)).toEqual({ id: 'i-1', name: 'a', note: 'n', secret: null, rule: [] });

    const deleted = (await d.applyResourceChange({
      typeName: 'cdkws_thing',
      priorState: created.newState,
      plannedState: dv(null),
      config: dv(null),
      plannedPrivate: empty,
    })) as rpcApply;
    expect(val(deleted.newState)).toBeNull();

    const lazy = new ProviderDispatcher(provider({ apply: ({ planned }) => ({ state: planned }) }));
    const bad = (await lazy.applyResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(null),
      plannedState: dv(planned),
      config: dv(planned),
      plannedPrivate: empty,
    })) as rpcApply;
    expect(bad.diagnostics[0].summary).toMatch(/unknown after apply/);
  });

  it('turns a throwing hook into an error diagnostic and keeps the prior state on failed delete', async () => {
    const d = new ProviderDispatcher(
      provider({
        apply: () => {
          throw new Error('service said no');
        },
      }),
    );
    const prior = { id: 'i-1', name: 'a', note: 'n', secret: null, rule: [] };
    const res = (await d.applyResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(prior),
      plannedState: dv(null),
      config: dv(null),
      plannedPrivate: empty,
    })) as rpcApply;
    expect(res.diagnostics).toEqual([
      expect.objectContaining({ severity: pb.Severity.ERROR, summary: 'Failed to apply cdkws_thing', detail: 'service said no' }),
    ]);

    const d2 = new ProviderDispatcher(provider({ apply: () => ({ diagnostics: [error('Locked', 'by someone')] }) }));
    const res2 = (await d2.applyResourceChange({
      typeName: 'cdkws_thing',
      priorState: dv(prior),
      plannedState: dv(null),
      config: dv(null),
      plannedPrivate: empty,
    })) as rpcApply;
    expect(val(res2.newState)).toEqual(prior);
    expect(res2.diagnostics[0].summary).toBe('Locked');
  });

  it('answers an unknown resource type with a diagnostic', async () => {
    const d = new ProviderDispatcher(provider());
    const res = await d.validateResourceConfig({ typeName: 'cdkws_nope', config: dv(null) });
    expect(res.diagnostics[0].detail).toMatch(/no resource type "cdkws_nope"/);
  });

  it('reads: a gone object becomes null state, private data passes through', async () => {
    const d = new ProviderDispatcher(provider({ read: ({ private: p }) => ({ state: null, private: p }) }));
    const res = (await d.readResource({ typeName: 'cdkws_thing', currentState: dv({ id: 'i', name: 'a' }), private: Uint8Array.from([7]) })) as {
      newState: pb.DynamicValue;
      private: Uint8Array;
    };
    expect(val(res.newState)).toBeNull();
    expect(Array.from(res.private)).toEqual([7]);
  });

  it('upgrades stored JSON state: by the current schema, or through the hook for older versions', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ id: 'i', name: 'a', dropped: true }));
    const d = new ProviderDispatcher(provider());
    const same = (await d.upgradeResourceState({ typeName: 'cdkws_thing', version: 2, rawState: { json, flatmap: {} } })) as { upgradedState: pb.DynamicValue };
    expect(val(same.upgradedState)).toEqual({ id: 'i', name: 'a', note: null, secret: null, rule: [] });

    const hook = new ProviderDispatcher(provider({ upgradeState: ({ version, rawState }) => ({ state: { id: rawState.id as string, name: `v${version}` } }) }));
    const old = (await hook.upgradeResourceState({ typeName: 'cdkws_thing', version: 1, rawState: { json, flatmap: {} } })) as {
      upgradedState: pb.DynamicValue;
    };
    expect((val(old.upgradedState) as ObjectValue).name).toBe('v1');

    const newer = await d.upgradeResourceState({ typeName: 'cdkws_thing', version: 9, rawState: { json, flatmap: {} } });
    expect(newer.diagnostics[0].detail).toMatch(/newer provider/);
  });

  it('imports through importState, and refuses import without it', async () => {
    const d = new ProviderDispatcher(provider({ importState: (id) => ({ state: { id } }) }));
    const res = (await d.importResourceState({ typeName: 'cdkws_thing', id: 'i-9' })) as { importedResources: { typeName: string; state: pb.DynamicValue }[] };
    expect(res.importedResources[0].typeName).toBe('cdkws_thing');
    expect((val(res.importedResources[0].state) as ObjectValue).id).toBe('i-9');
    const no = await new ProviderDispatcher(provider()).importResourceState({ typeName: 'cdkws_thing', id: 'x' });
    expect(no.diagnostics[0].detail).toMatch(/does not support import/);
  });

  it('answers MoveResourceState and CallFunction as unsupported', () => {
    const d = new ProviderDispatcher(provider());
    expect(
      d.moveResourceState({ sourceProviderAddress: '', sourceTypeName: 'a', sourceSchemaVersion: 0, targetTypeName: 'b', sourcePrivate: empty }).diagnostics[0]
        .summary,
    ).toMatch(/Unsupported/);
    expect(d.callFunction({ name: 'f', arguments: [] }).error!.text).toMatch(/no function/);
  });

  it('aborts ctx.stopped on StopProvider and calls stop()', async () => {
    const stop = jest.fn();
    const d = new ProviderDispatcher({ ...provider(), stop });
    expect(d.ctx.stopped.aborted).toBe(false);
    expect(await d.stop()).toEqual({ error: '' });
    expect(d.ctx.stopped.aborted).toBe(true);
    expect(stop).toHaveBeenCalled();
  });
});

type rpcPlan = { plannedState: pb.DynamicValue; requiresReplace: pb.AttributePath[]; diagnostics: pb.Diagnostic[] };
type rpcApply = { newState: pb.DynamicValue; diagnostics: pb.Diagnostic[] };
