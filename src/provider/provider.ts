// The provider: the `provider "cdkws"` block (provider-config.ts) with every resource and data source.
import type { ProviderData } from './context';
import { dataSources } from './data-sources';
import { configureProvider, providerSchema, validateProviderConfig } from './provider-config';
import type { ProviderImplementation } from './protocol/types';
import { resources } from './resources';

export { DEFAULT_LOCK_TIMEOUT, configureProvider, parseDuration, providerSchema, validateProviderConfig } from './provider-config';

export function buildProvider(): ProviderImplementation<ProviderData> {
  return {
    schema: providerSchema,
    resources,
    dataSources,
    validate: (config) => validateProviderConfig(config),
    configure: (config) => configureProvider(config),
  };
}
