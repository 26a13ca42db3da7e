// Names for workspace IDs the plan and the state do not name (e.g. a consumer managed elsewhere):
// one list of the organization's workspaces, with the provider's own address and credentials. Best
// effort: without it the summary shows the IDs, and the diff goes on.
import { readFileSync } from 'node:fs';
import { Client } from '../../client';
import type { StackInfo } from '../common/project';

/** The provider block of a synthesized stack (address and organization; never a token). */
function providerOf(stack: StackInfo): { address?: string; organization?: string } {
  try {
    const json = JSON.parse(readFileSync(stack.synthesizedStackPath, 'utf8')) as {
      provider?: { cdkws?: Array<{ address?: unknown; organization?: unknown }> };
    };
    const block = json.provider?.cdkws?.[0] ?? {};
    return {
      address: typeof block.address === 'string' ? block.address : undefined,
      organization: typeof block.organization === 'string' ? block.organization : undefined,
    };
  } catch {
    return {};
  }
}

/** IDs → names for `ids`, from one listing of the stack's organization; empty when that is not possible. */
export async function lookUpWorkspaceNames(stack: StackInfo, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const { address, organization } = providerOf(stack);
  if (!organization) return found;
  let client: Client;
  try {
    client = Client.fromEnvironment({ address, organization, retry: false, timeoutMs: 10_000 });
  } catch {
    return found;
  }
  const wanted = new Set(ids);
  try {
    for await (const workspace of client.workspaces.listAll(organization)) {
      if (wanted.has(workspace.id)) found.set(workspace.id, workspace.name);
      if (found.size === wanted.size) break;
    }
  } catch {
    // Names are a nicety: an unreachable service is reported by the plan itself.
  } finally {
    await client.close().catch(() => undefined);
  }
  return found;
}
