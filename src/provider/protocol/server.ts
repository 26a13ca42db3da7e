// Entry point of the protocol layer: `serveProvider(impl)` makes this process a Terraform provider.
import { ProviderDispatcher } from './dispatch';
import { log, PluginHandle, startPlugin, StartOptions } from './handshake';
import { addPluginServices } from './services';
import type { ProviderImplementation } from './types';

/**
 * Serves `impl` over Terraform's plugin protocol 6 and resolves once the handshake line is printed.
 * Run it as the provider executable's main: without Terraform's environment it prints a short
 * message and exits 1. The process exits when Terraform calls Shutdown.
 */
export async function serveProvider<P>(impl: ProviderImplementation<P>, opts: StartOptions = {}): Promise<PluginHandle> {
  // Crashing would lose Terraform's view of in-flight applies: log stray failures and carry on.
  process.on('unhandledRejection', (err) => log('error', `unhandled rejection: ${String(err)}`));
  process.on('uncaughtException', (err) => log('error', `uncaught exception: ${err.stack ?? String(err)}`));
  return startPlugin((server, shutdown) => addPluginServices(server, new ProviderDispatcher(impl), shutdown), opts);
}

export { ProviderDispatcher } from './dispatch';
export * from './types';
export * from './diagnostics';
export { Unknown, isWhollyKnown, valuesEqual, normalizeBlock } from './values';
export type { Value, ObjectValue, UnknownValue } from './values';
export type { Schema, Block, Attribute, NestedBlock, NestingMode, TfType } from './schema';
export { log, MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from './handshake';
export type { PluginHandle, StartOptions } from './handshake';
