// Turns decoded tfplugin6 requests into calls of the ProviderImplementation's hooks and their
// results into responses. No gRPC here, so it is testable directly. Every hook runs inside a guard:
// a thrown error becomes an error diagnostic, never a crashed plugin.
import { AttributePath, Diagnostic, diagnosticFromError, error, hasErrors, pathToProtocol, toProtocol } from './diagnostics';
import type * as pb from './messages';
import { defaultPlan } from './plan';
import * as rpc from './rpc-messages';
import { checkSchema, impliedType, Schema, TfType, toProtocolSchema } from './schema';
import type { DataSourceImplementation, HookContext, ProviderImplementation, ResourceImplementation } from './types';
import { withoutWriteOnly, writeOnlyPathsSet } from './write-only';
import { decodeJson, fromDynamicValue, isWhollyKnown, normalizeBlock, ObjectValue, toDynamicValue, Unknown, Value } from './values';

interface Kind {
  schema: Schema;
  type: TfType;
}

// Every call works without a GetProviderSchema first (the dispatcher is ready once constructed), so
// Terraform may skip that call on the 2nd and later starts of one command and use its cached copy.
// No plan_destroy (it would add a PlanResourceChange per destroy) and no MoveResourceState support.
const SERVER_CAPABILITIES: pb.ServerCapabilities = { getProviderSchemaOptional: true };

const WRITE_ONLY_NOT_ALLOWED = (path: AttributePath): Diagnostic =>
  error('Write-only attribute not allowed', 'This Terraform cannot keep write-only values out of its plan and state: use Terraform 1.11 or later.', path);

const toPb = (diags: Diagnostic[] | undefined): pb.Diagnostic[] => (diags ?? []).map(toProtocol);

function firstUnknownPath(v: Value, at: string): string | undefined {
  if (v === Unknown) return at || '(root)';
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = firstUnknownPath(v[i], `${at}[${i}]`);
      if (p) return p;
    }
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = firstUnknownPath(x, at ? `${at}.${k}` : k);
      if (p) return p;
    }
  }
  return undefined;
}

export class ProviderDispatcher<P = unknown> {
  private readonly abort = new AbortController();
  readonly ctx: HookContext<P>;
  private readonly providerType: TfType;
  private readonly resources = new Map<string, Kind & { impl: ResourceImplementation<P> }>();
  private readonly dataSources = new Map<string, Kind & { impl: DataSourceImplementation<P> }>();
  private schemaResponse?: rpc.GetProviderSchemaResponse;

  constructor(private readonly impl: ProviderImplementation<P>) {
    checkSchema(impl.schema, 'provider');
    this.providerType = impliedType(impl.schema);
    for (const [name, r] of Object.entries(impl.resources ?? {})) {
      checkSchema(r.schema, name);
      this.resources.set(name, { impl: r, schema: r.schema, type: impliedType(r.schema) });
    }
    for (const [name, d] of Object.entries(impl.dataSources ?? {})) {
      checkSchema(d.schema, `data.${name}`);
      this.dataSources.set(name, { impl: d, schema: d.schema, type: impliedType(d.schema) });
    }
    this.ctx = { stopped: this.abort.signal, providerData: undefined as P, terraformVersion: '' };
  }

  /** Runs a hook; thrown errors (and invalid values while encoding) become error diagnostics. */
  private async guard<T>(summary: string, fn: () => Promise<T>): Promise<T | { diagnostics: pb.Diagnostic[] }> {
    try {
      return await fn();
    } catch (err) {
      return { diagnostics: [toProtocol(diagnosticFromError(err, summary))] };
    }
  }

  /** A value Terraform keeps (plan or state): normalized, write-only attributes null. */
  private stored(schema: Schema, value: Value | undefined): Value {
    return withoutWriteOnly(schema, normalizeBlock(schema, value));
  }

  private resource(typeName: string) {
    const r = this.resources.get(typeName);
    if (!r) throw new Error(`The provider has no resource type "${typeName}".`);
    return r;
  }

  getMetadata(): rpc.GetMetadataResponse {
    return {
      serverCapabilities: SERVER_CAPABILITIES,
      diagnostics: [],
      resources: [...this.resources.keys()].map((typeName) => ({ typeName })),
      dataSources: [...this.dataSources.keys()].map((typeName) => ({ typeName })),
      functions: [],
      ephemeralResources: [],
    };
  }

  getProviderSchema(): rpc.GetProviderSchemaResponse {
    if (!this.schemaResponse) {
      const map = (m: Map<string, Kind>) => Object.fromEntries([...m].map(([n, k]) => [n, toProtocolSchema(k.schema)]));
      this.schemaResponse = {
        provider: toProtocolSchema(this.impl.schema),
        resourceSchemas: map(this.resources),
        dataSourceSchemas: map(this.dataSources),
        functions: {},
        ephemeralResourceSchemas: {},
        diagnostics: [],
        serverCapabilities: SERVER_CAPABILITIES,
      };
    }
    return this.schemaResponse;
  }

  validateProviderConfig(req: rpc.ValidateProviderConfigRequest) {
    return this.guard('Invalid provider configuration', async () => {
      const config = fromDynamicValue(this.providerType, req.config) as ObjectValue;
      return { diagnostics: toPb((await this.impl.validate?.(config, this.ctx)) ?? []) };
    });
  }

  configureProvider(req: rpc.ConfigureProviderRequest) {
    return this.guard('Failed to configure the provider', async () => {
      this.ctx.terraformVersion = req.terraformVersion;
      const config = fromDynamicValue(this.providerType, req.config) as ObjectValue;
      const res = await this.impl.configure?.(config, this.ctx);
      if (res && res.providerData !== undefined) this.ctx.providerData = res.providerData;
      return { diagnostics: toPb(res?.diagnostics) };
    });
  }

  validateResourceConfig(req: rpc.ValidateResourceConfigRequest) {
    return this.guard(`Invalid ${req.typeName} configuration`, async () => {
      const r = this.resource(req.typeName);
      const config = fromDynamicValue(r.type, req.config) as ObjectValue;
      // A Terraform before 1.11 would keep a write-only value in its plan and state.
      if (!req.clientCapabilities?.writeOnlyAttributesAllowed) {
        const set = writeOnlyPathsSet(r.schema, config);
        if (set.length > 0) return { diagnostics: set.map((p) => toProtocol(WRITE_ONLY_NOT_ALLOWED(p))) };
      }
      return { diagnostics: toPb((await r.impl.validate?.(config, this.ctx)) ?? []) };
    });
  }

  validateDataResourceConfig(req: rpc.ValidateResourceConfigRequest) {
    return this.guard(`Invalid data.${req.typeName} configuration`, async () => {
      const d = this.dataSources.get(req.typeName);
      if (!d) throw new Error(`The provider has no data source "${req.typeName}".`);
      const config = fromDynamicValue(d.type, req.config) as ObjectValue;
      return { diagnostics: toPb((await d.impl.validate?.(config, this.ctx)) ?? []) };
    });
  }

  upgradeResourceState(req: rpc.UpgradeResourceStateRequest) {
    return this.guard(`Failed to upgrade the stored state of ${req.typeName}`, async (): Promise<rpc.UpgradeResourceStateResponse> => {
      const r = this.resource(req.typeName);
      const raw = req.rawState;
      if (!raw || raw.json.length === 0) {
        if (raw && Object.keys(raw.flatmap).length > 0) throw new Error('Legacy flatmap state is not supported.');
        return { upgradedState: toDynamicValue(r.type, null), diagnostics: [] };
      }
      const current = r.schema.version ?? 0;
      if (req.version > current) {
        throw new Error(`The state was written by a newer provider (schema version ${req.version} > ${current}); upgrade the provider.`);
      }
      let state: Value;
      let diagnostics: Diagnostic[] | undefined;
      if (req.version < current && r.impl.upgradeState) {
        const rawState = JSON.parse(Buffer.from(raw.json).toString('utf8')) as Record<string, unknown>;
        const res = await r.impl.upgradeState({ version: req.version, rawState }, this.ctx);
        diagnostics = res.diagnostics;
        if (hasErrors(diagnostics)) return { diagnostics: toPb(diagnostics) };
        state = res.state ?? null;
      } else {
        state = decodeJson(r.type, raw.json);
      }
      return { upgradedState: toDynamicValue(r.type, this.stored(r.schema, state)), diagnostics: toPb(diagnostics) };
    });
  }

  readResource(req: rpc.ReadResourceRequest) {
    return this.guard(`Failed to read ${req.typeName}`, async (): Promise<rpc.ReadResourceResponse> => {
      const r = this.resource(req.typeName);
      const state = fromDynamicValue(r.type, req.currentState) as ObjectValue | null;
      if (state === null) return { newState: req.currentState, diagnostics: [] };
      const res = await r.impl.read({ state, private: req.private.length ? req.private : undefined }, this.ctx);
      if (hasErrors(res.diagnostics)) return { newState: req.currentState, private: req.private, diagnostics: toPb(res.diagnostics) };
      return {
        newState: toDynamicValue(r.type, this.stored(r.schema, res.state)),
        private: res.private ?? req.private,
        diagnostics: toPb(res.diagnostics),
      };
    });
  }

  planResourceChange(req: rpc.PlanResourceChangeRequest) {
    return this.guard(`Failed to plan ${req.typeName}`, async (): Promise<rpc.PlanResourceChangeResponse> => {
      const r = this.resource(req.typeName);
      const prior = fromDynamicValue(r.type, req.priorState) as ObjectValue | null;
      const proposed = fromDynamicValue(r.type, req.proposedNewState) as ObjectValue | null;
      if (proposed === null) {
        // Destroy: only called with the plan_destroy capability, which we do not announce.
        return { plannedState: req.proposedNewState, requiresReplace: [], diagnostics: [] };
      }
      const config = (fromDynamicValue(r.type, req.config) as ObjectValue | null) ?? proposed;
      const def = defaultPlan(r.schema, prior, proposed, config);
      const priorPrivate = req.priorPrivate.length ? req.priorPrivate : undefined;
      const res = r.impl.plan
        ? ((await r.impl.plan({ prior, proposed, config, planned: def.planned, requiresReplace: def.requiresReplace, priorPrivate }, this.ctx)) ?? {})
        : {};
      if (hasErrors(res.diagnostics)) return { requiresReplace: [], diagnostics: toPb(res.diagnostics) };
      const planned = this.stored(r.schema, res.planned ?? def.planned);
      return {
        plannedState: toDynamicValue(r.type, planned),
        requiresReplace: (res.requiresReplace ?? def.requiresReplace).map(pathToProtocol),
        plannedPrivate: res.private ?? priorPrivate,
        diagnostics: toPb(res.diagnostics),
      };
    });
  }

  applyResourceChange(req: rpc.ApplyResourceChangeRequest) {
    return this.guard(`Failed to apply ${req.typeName}`, async (): Promise<rpc.ApplyResourceChangeResponse> => {
      const r = this.resource(req.typeName);
      const prior = fromDynamicValue(r.type, req.priorState) as ObjectValue | null;
      const planned = fromDynamicValue(r.type, req.plannedState) as ObjectValue | null;
      const config = fromDynamicValue(r.type, req.config) as ObjectValue | null;
      const action = planned === null ? 'delete' : prior === null ? 'create' : 'update';
      const privateIn = req.plannedPrivate.length ? req.plannedPrivate : undefined;
      const res = await r.impl.apply({ action, prior, planned, config, private: privateIn }, this.ctx);
      const diagnostics = res.diagnostics ?? [];
      if (action === 'delete') {
        // On failure the object still exists: hand back the prior state so Terraform keeps it.
        const keep = hasErrors(diagnostics) ? prior : null;
        return { newState: toDynamicValue(r.type, keep), diagnostics: toPb(diagnostics) };
      }
      if (hasErrors(diagnostics)) {
        // A partial create/update may return what exists so far; otherwise keep the prior state.
        const partial = res.state !== undefined ? this.stored(r.schema, res.state) : prior;
        const safe = partial && isWhollyKnown(partial) ? partial : prior;
        return { newState: toDynamicValue(r.type, safe), private: res.private ?? privateIn, diagnostics: toPb(diagnostics) };
      }
      if (!res.state) throw new Error(`The ${action} hook of ${req.typeName} returned no state.`);
      const state = this.stored(r.schema, res.state);
      const unknownAt = firstUnknownPath(state, '');
      if (unknownAt) {
        const d = error(`Provider bug: ${req.typeName} left a value unknown after apply`, `Attribute ${unknownAt} is still unknown.`);
        return { newState: toDynamicValue(r.type, prior), diagnostics: toPb([d, ...diagnostics]) };
      }
      // Hooks that keep no private data of their own pass the planned private data on.
      return { newState: toDynamicValue(r.type, state), private: res.private ?? privateIn, diagnostics: toPb(diagnostics) };
    });
  }

  importResourceState(req: rpc.ImportResourceStateRequest) {
    return this.guard(`Failed to import ${req.typeName}`, async (): Promise<rpc.ImportResourceStateResponse> => {
      const r = this.resource(req.typeName);
      if (!r.impl.importState) throw new Error(`${req.typeName} does not support import.`);
      const res = await r.impl.importState(req.id, this.ctx);
      if (hasErrors(res.diagnostics) || !res.state) return { importedResources: [], diagnostics: toPb(res.diagnostics) };
      const state = toDynamicValue(r.type, this.stored(r.schema, res.state));
      return { importedResources: [{ typeName: req.typeName, state, private: res.private }], diagnostics: toPb(res.diagnostics) };
    });
  }

  moveResourceState(req: rpc.MoveResourceStateRequest): rpc.MoveResourceStateResponse {
    const detail = `Moving ${req.sourceTypeName} to ${req.targetTypeName} is not supported by this provider.`;
    return { diagnostics: [toProtocol(error('Unsupported resource move', detail))] };
  }

  readDataSource(req: rpc.ReadDataSourceRequest) {
    return this.guard(`Failed to read data.${req.typeName}`, async (): Promise<rpc.ReadDataSourceResponse> => {
      const d = this.dataSources.get(req.typeName);
      if (!d) throw new Error(`The provider has no data source "${req.typeName}".`);
      const config = fromDynamicValue(d.type, req.config) as ObjectValue;
      const res = await d.impl.read(config, this.ctx);
      if (hasErrors(res.diagnostics)) return { diagnostics: toPb(res.diagnostics) };
      const state = normalizeBlock(d.schema, res.state ?? config);
      const unknownAt = firstUnknownPath(state, '');
      if (unknownAt) throw new Error(`data.${req.typeName} left ${unknownAt} unknown.`);
      return { state: toDynamicValue(d.type, state), diagnostics: toPb(res.diagnostics) };
    });
  }

  callFunction(req: rpc.CallFunctionRequest): rpc.CallFunctionResponse {
    return { error: { text: `The provider has no function "${req.name}".` } };
  }

  /** StopProvider: abort `ctx.stopped` at once, then let the implementation clean up. */
  async stop(): Promise<{ error: string }> {
    this.abort.abort(new Error('Terraform asked the provider to stop'));
    try {
      await this.impl.stop?.();
      return { error: '' };
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }
}
