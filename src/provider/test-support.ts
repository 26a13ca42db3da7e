// Hook tests against the real service in this process: a configured ProviderData and hook context.
import { Client } from '../client';
import { ORG, TOKENS, startService, type TestService } from '../../test/helpers/service';
import { KeyedMutex, type ProviderData } from './context';
import type { HookContext } from './protocol/types';
import { BatchedWorkspaceReader } from './refresh';

export { ORG, TOKENS };

export interface HookHarness {
  service: TestService;
  /** A fresh provider process's context (new reader and caches), as Terraform starts per command. */
  ctx(token?: string): HookContext<ProviderData>;
  /** Creates a workspace as the owner and returns its ID. */
  workspace(attributes?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startHookHarness(): Promise<HookHarness> {
  const service = await startService();
  const clients: Client[] = [];
  let n = 0;
  return {
    service,
    ctx(token = TOKENS.owner) {
      const client = new Client({ address: service.url, token, rateLimit: false, retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50 } });
      clients.push(client);
      const providerData: ProviderData = {
        client,
        organization: ORG,
        lockTimeoutMs: 1000,
        workspaces: new BatchedWorkspaceReader(client, { organization: ORG }),
        bindingLocks: new KeyedMutex(),
      };
      return { stopped: new AbortController().signal, providerData, terraformVersion: '1.11.4' };
    },
    async workspace(attributes = {}) {
      const name = `hook-${process.pid}-${++n}-${Date.now().toString(36)}`;
      const res = await service.request('POST', `/organizations/${ORG}/workspaces`, {
        body: { data: { type: 'workspaces', attributes: { name, ...attributes } } },
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body.data.id as string;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await service.close();
    },
  };
}
