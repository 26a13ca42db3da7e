// One way to load hooks on first use: the schema is there at once, the module only when a hook is
// called, and the hooks declared are exactly those the module implements.
import { lazyImplementation, preloadHooks, type LazyRegistration } from './lazy';
import type { ProviderData } from './context';
import type { HookContext, ResourceImplementation } from './protocol/types';

type Resource = ResourceImplementation<ProviderData>;
const schema = { attributes: { id: { type: 'string' as const, computed: true } } };
/** A hook's context before the provider is configured (the protocol layer's type says configured). */
const unconfigured = { stopped: new AbortController().signal, terraformVersion: '', providerData: undefined } as unknown as HookContext<ProviderData>;

describe('a lazy implementation', () => {
  it('loads nothing until a hook is called, then forwards its arguments and answer', async () => {
    const load = jest.fn((): Resource => ({ schema, apply: () => ({}), read: (req) => ({ state: { id: req.state.id ?? null } }) }));
    const resource = lazyImplementation(schema, ['apply', 'read'], load);
    expect(resource.schema).toBe(schema);
    expect(load).not.toHaveBeenCalled();
    expect(await resource.read({ state: { id: 'ws-1' } }, unconfigured)).toEqual({
      state: { id: 'ws-1' },
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('has only the hooks declared, so the protocol layer sees a missing hook without loading', () => {
    const resource: Partial<Resource> = lazyImplementation(schema, ['apply', 'read'], (): Resource => ({
      schema,
      apply: () => ({}),
      read: () => ({ state: null }),
    }));
    expect(Object.keys(resource).sort()).toEqual(['apply', 'read', 'schema']);
    expect(resource.plan).toBeUndefined();
    expect(resource.importState).toBeUndefined();
  });
});

describe('preloading', () => {
  it('loads the hooks of every lazy implementation at once, as a start-up snapshot wants', () => {
    const load = jest.fn((): Resource => ({ schema, apply: () => ({}), read: () => ({ state: null }) }));
    lazyImplementation(schema, ['apply', 'read'], load);
    preloadHooks();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("the provider's resources and data sources", () => {
  it('declare exactly the hooks their modules implement', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildProvider } = require('./provider') as typeof import('./provider');
    const provider = buildProvider();
    const hooksOf = (o: object) => Object.keys(o).filter((k) => k !== 'schema' && typeof (o as Record<string, unknown>)[k] === 'function');
    for (const [type, lazy] of [...Object.entries(provider.resources ?? {}), ...Object.entries(provider.dataSources ?? {})]) {
      // The first hook call loads the module; its implementation is what the lazy one forwards to.
      const loaded = loadedImplementation(type, lazy);
      expect({ type, hooks: hooksOf(lazy).sort() }).toEqual({ type, hooks: hooksOf(loaded).sort() });
      expect({ type, schema: lazy.schema }).toEqual({ type, schema: loaded.schema });
    }
  });

  it('start, give every schema and validate a workspace without loading the client', async () => {
    let validated: unknown;
    jest.isolateModules(() => {
      jest.doMock('../client', () => {
        throw new Error('the client was loaded');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { buildProvider, providerSchemaJson } = require('./index') as typeof import('./index');
      expect(Object.keys(providerSchemaJson())).toEqual(['format_version', 'provider_schemas']);
      // Terraform validates in a provider process of its own, before any configuration.
      validated = buildProvider().resources?.cdkws_workspace.validate?.({ name: 'bad name!' }, unconfigured);
    });
    jest.dontMock('../client');
    expect(await validated).toEqual([expect.objectContaining({ summary: 'Invalid name' })]);
  });
});

/** The module behind a lazy implementation, by its Terraform type name. */
function loadedImplementation(type: string, lazy: { schema: unknown }): { schema: unknown } {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const resources: Record<string, () => { schema: unknown }> = {
    cdkws_workspace: () => (require('./resources/workspace/workspace') as typeof import('./resources/workspace/workspace')).workspaceResource,
    cdkws_tag_binding: () => (require('./resources/tag-binding/tag-binding') as typeof import('./resources/tag-binding/tag-binding')).tagBindingResource,
    cdkws_remote_state_consumers: () =>
      (require('./resources/remote-state-consumers/remote-state-consumers') as typeof import('./resources/remote-state-consumers/remote-state-consumers'))
        .remoteStateConsumersResource,
    cdkws_change_request: () =>
      (require('./resources/change-request/change-request') as typeof import('./resources/change-request/change-request')).changeRequestResource,
    cdkws_organization: () => (require('./resources/organization/organization') as typeof import('./resources/organization/organization')).organizationResource,
    cdkws_variable: () => (require('./resources/variable/variable') as typeof import('./resources/variable/variable')).variableResource,
    cdkws_variable_set: () => (require('./resources/variable-set/variable-set') as typeof import('./resources/variable-set/variable-set')).variableSetResource,
    cdkws_workspace_variable_set: () =>
      (require('./resources/workspace-variable-set/workspace-variable-set') as typeof import('./resources/workspace-variable-set/workspace-variable-set'))
        .workspaceVariableSetResource,
    cdkws_project_variable_set: () =>
      (require('./resources/project-variable-set/project-variable-set') as typeof import('./resources/project-variable-set/project-variable-set'))
        .projectVariableSetResource,
  };
  const dataSources: Record<string, () => { schema: unknown }> = {
    cdkws_workspace: () => (require('./data-sources/workspace/workspace') as typeof import('./data-sources/workspace/workspace')).workspaceDataSource,
    cdkws_workspaces: () => (require('./data-sources/workspaces/workspaces') as typeof import('./data-sources/workspaces/workspaces')).workspacesDataSource,
    cdkws_organization: () =>
      (require('./data-sources/organization/organization') as typeof import('./data-sources/organization/organization')).organizationDataSource,
    cdkws_outputs: () => (require('./data-sources/outputs/outputs') as typeof import('./data-sources/outputs/outputs')).outputsDataSource,
    cdkws_variables: () => (require('./data-sources/variables/variables') as typeof import('./data-sources/variables/variables')).variablesDataSource,
    cdkws_variable_set: () =>
      (require('./data-sources/variable-set/variable-set') as typeof import('./data-sources/variable-set/variable-set')).variableSetDataSource,
  };
  const isResource = 'apply' in lazy;
  // A resource written as one file (its schema copied into schemas.generated.ts): `<folder>/<folder>.ts`.
  const oneFile = Object.values(require('./schemas.generated') as Record<string, LazyRegistration>).find((r) => r.type === type);
  /* eslint-enable @typescript-eslint/no-require-imports */
  const load =
    (isResource ? resources : dataSources)[type] ??
    (oneFile &&
      (() => {
        const folder = oneFile.hooks[0].from.slice(2);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require(`./${isResource ? 'resources' : 'data-sources'}/${folder}/${folder}`) as Record<string, { schema: unknown }>)[oneFile.hooks[0].export];
      }));
  if (!load) throw new Error(`no module listed for ${isResource ? 'resource' : 'data source'} ${type}`);
  return load();
}
