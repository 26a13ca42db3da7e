// What `configure` hands every resource and data source hook (`ctx.providerData`).
import type { Client, Workspace } from '../client';
import { DiagnosticError } from './protocol/diagnostics';

/** Reads workspaces for refresh; implementations may batch (see refresh.ts). */
export interface WorkspaceReader {
  /** The workspace, or null when the service answers 404 for it. */
  read(id: string): Promise<Workspace | null>;
  /** Forget anything cached for the workspace (after a write). */
  invalidate(id: string): void;
}

/** Runs callbacks one at a time per key (a workspace ID), in arrival order. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export interface ProviderData {
  client: Client;
  /** The provider's default organization (`organization` in the provider block), if any. */
  organization: string | null;
  /** How long an update waits for a lock held by someone else (`lock_timeout`). */
  lockTimeoutMs: number;
  workspaces: WorkspaceReader;
  /** Serializes changes to one workspace's tag bindings across parallel resources. */
  bindingLocks: KeyedMutex;
}

/**
 * What `configure` made, for a hook of `what` (e.g. "cdkws_tag_binding" or "data.cdkws_workspace");
 * a diagnostic naming the fix when the provider block's configuration failed or was not given.
 */
export function configured(ctx: { providerData: ProviderData | undefined }, what: string): ProviderData {
  if (!ctx.providerData)
    throw new DiagnosticError('The cdkws provider is not configured', `configure the provider block (address and token) before using ${what}`);
  return ctx.providerData;
}
