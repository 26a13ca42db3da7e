// Terraform states with outputs, sent as real state versions through the API (lock, create with the
// state inline, unlock), as Terraform's cloud backend would leave them.
import { createHash, randomUUID } from 'node:crypto';
import { TOKENS, type TestService } from './service';

export interface StateOutput {
  value: unknown;
  /** Terraform's type constraint. @default inferred: "string", "number", "bool", or ["tuple", …] / ["object", …] */
  type?: unknown;
  sensitive?: boolean;
}

function typeOf(value: unknown): unknown {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return ['tuple', value.map(typeOf)];
  if (value !== null && typeof value === 'object') return ['object', Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeOf(v)]))];
  return 'dynamic';
}

/** A version-4 Terraform state with the given outputs and `resources` null_resource instances. */
export function terraformState(of: { serial: number; lineage?: string; outputs?: Record<string, StateOutput>; resources?: number }): string {
  const outputs = Object.fromEntries(
    Object.entries(of.outputs ?? {}).map(([name, o]) => [
      name,
      { value: o.value, type: o.type ?? typeOf(o.value), ...(o.sensitive ? { sensitive: true } : {}) },
    ]),
  );
  const resources = Array.from({ length: of.resources ?? 0 }, (_, i) => ({
    mode: 'managed',
    type: 'null_resource',
    name: `r${i}`,
    provider: 'provider["registry.terraform.io/hashicorp/null"]',
    instances: [{ schema_version: 0, attributes: { id: String(i), triggers: null }, sensitive_attributes: [] }],
  }));
  return `${JSON.stringify({ version: 4, terraform_version: '1.11.4', serial: of.serial, lineage: of.lineage ?? randomUUID(), outputs, resources, check_results: null }, null, 2)}\n`;
}

async function ok(answer: Promise<{ status: number; text: string; body: any }>, status: number, what: string): Promise<any> {
  const r = await answer;
  if (r.status !== status) throw new Error(`${what} failed: ${r.status} ${r.text}`);
  return r.body;
}

/** Sends `state` as a new state version of the workspace (locking it around the write); returns its ID. */
export async function postStateVersion(service: TestService, workspaceId: string, state: string, token: string = TOKENS.owner): Promise<string> {
  const { serial, lineage } = JSON.parse(state) as { serial: number; lineage: string };
  await ok(service.request('POST', `/workspaces/${workspaceId}/actions/lock`, { token, body: { reason: 'state version' } }), 200, `locking ${workspaceId}`);
  try {
    const body = {
      data: {
        type: 'state-versions',
        attributes: { serial, lineage, md5: createHash('md5').update(state).digest('hex'), state: Buffer.from(state).toString('base64') },
      },
    };
    const created = await ok(service.request('POST', `/workspaces/${workspaceId}/state-versions`, { token, body }), 201, `a state version of ${workspaceId}`);
    return created.data.id as string;
  } finally {
    await ok(service.request('POST', `/workspaces/${workspaceId}/actions/unlock`, { token }), 200, `unlocking ${workspaceId}`);
  }
}
