// State versions and their outputs (read side): a workspace's state history, its current state and
// outputs, and the state itself. Sensitive output values are withheld by the lists; they are
// fetched one by one, by output ID, only when the caller asks for them.
import type { z } from 'zod';
import { ENDPOINTS, type StateResourceSummary, type StateVersionOutputResource, type StateVersionStatus, type WirePagination } from '../contract';
import type { stateVersionResourceSchema } from '../contract';
import { endpointRequest } from './endpoint-request';
import { NotFoundError } from './errors';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import type { Transport } from './transport';

type StateVersionResource = z.infer<typeof stateVersionResourceSchema>;

export interface StateVersion {
  id: string;
  createdAt: string;
  serial: number;
  lineage: string | null;
  md5: string;
  size: number;
  status: StateVersionStatus;
  terraformVersion: string | null;
  resourcesProcessed: boolean;
  resources: StateResourceSummary[];
  /** How many resource instances the state holds (the sum of the summaries' counts). */
  resourceCount: number;
  /** The user or token that created it, when the service names one. */
  createdById?: string;
  workspaceId?: string;
  /** The IDs of its outputs, when the service lists them. */
  outputIds: string[];
  downloadUrl: string | null;
  raw: StateVersionResource;
}

export interface StateVersionOutput {
  id: string;
  name: string;
  sensitive: boolean;
  /** The Terraform type in words (`string`, `array`, `object`, …). */
  type: string;
  /** Terraform's type constraint, e.g. `"string"` or `["list","string"]`. */
  detailedType: unknown;
  /** The value; null for a sensitive output unless it was asked for (`withSensitiveValues`). */
  value: unknown;
  raw: StateVersionOutputResource;
}

export interface StateVersionListOptions extends ListOptions {
  organization: string;
  workspace: string;
}

export interface OutputReadOptions {
  /** Fetch each sensitive output's value by its ID (one request per sensitive output). @default false */
  withSensitiveValues?: boolean;
}

export function toStateVersion(resource: StateVersionResource): StateVersion {
  const a = resource.attributes;
  const rel = resource.relationships;
  return {
    id: resource.id,
    createdAt: a['created-at'],
    serial: a.serial,
    lineage: a.lineage,
    md5: a.md5,
    size: a.size,
    status: a.status,
    terraformVersion: a['terraform-version'],
    resourcesProcessed: a['resources-processed'],
    resources: a.resources,
    resourceCount: a.resources.reduce((sum, r) => sum + r.count, 0),
    ...(rel?.['created-by']?.data ? { createdById: rel['created-by'].data.id } : {}),
    ...(rel?.workspace?.data ? { workspaceId: rel.workspace.data.id } : {}),
    outputIds: rel?.outputs?.data?.map((o) => o.id) ?? [],
    downloadUrl: a['hosted-state-download-url'],
    raw: resource,
  };
}

export function toStateVersionOutput(resource: StateVersionOutputResource): StateVersionOutput {
  const a = resource.attributes;
  return { id: resource.id, name: a.name, sensitive: a.sensitive, type: a.type, detailedType: a['detailed-type'], value: a.value ?? null, raw: resource };
}

export class StateVersionsApi {
  constructor(private readonly transport: Transport) {}

  /** One page of a workspace's state versions (by organization and workspace name), newest first. */
  async list(options: StateVersionListOptions): Promise<Page<StateVersion>> {
    const query = { 'filter[organization][name]': options.organization, 'filter[workspace][name]': options.workspace, ...pageQuery(options) };
    const doc = await this.transport.call(endpointRequest('listStateVersions', {}, { query, idempotent: true }), ENDPOINTS.listStateVersions.answer);
    return { items: doc.data.map(toStateVersion), pagination: toPagination(doc.meta as { pagination: WirePagination } | undefined) };
  }

  /** Every state version of the workspace, newest first, 100 per request. */
  listAll(options: Omit<StateVersionListOptions, 'pageNumber' | 'pageSize'>): AsyncGenerator<StateVersion, void, undefined> {
    return paginate((page) => this.list({ ...options, ...page }));
  }

  async read(id: string): Promise<StateVersion> {
    const doc = await this.transport.call(
      endpointRequest('showStateVersion', { state_version_id: id }, { idempotent: true }),
      ENDPOINTS.showStateVersion.answer,
    );
    return toStateVersion(doc.data);
  }

  /** The workspace's current state version, or undefined while it has none. */
  async current(workspaceId: string): Promise<StateVersion | undefined> {
    try {
      const doc = await this.transport.call(
        endpointRequest('showCurrentStateVersion', { workspace_id: workspaceId }, { idempotent: true }),
        ENDPOINTS.showCurrentStateVersion.answer,
      );
      return toStateVersion(doc.data);
    } catch (error) {
      if (error instanceof NotFoundError && (await this.workspaceExists(workspaceId))) return undefined;
      throw error;
    }
  }

  /** One page of a state version's outputs; sensitive values are null. */
  async listOutputs(stateVersionId: string, options: ListOptions = {}): Promise<Page<StateVersionOutput>> {
    const doc = await this.transport.call(
      endpointRequest('listStateVersionOutputs', { state_version_id: stateVersionId }, { query: pageQuery(options), idempotent: true }),
      ENDPOINTS.listStateVersionOutputs.answer,
    );
    return { items: doc.data.map(toStateVersionOutput), pagination: toPagination(doc.meta as { pagination: WirePagination } | undefined) };
  }

  /**
   * Every output of the workspace's current state; an empty list while it has none. Sensitive
   * values are null unless `withSensitiveValues` is set.
   */
  async currentOutputs(workspaceId: string, options: OutputReadOptions = {}): Promise<StateVersionOutput[]> {
    const outputs: StateVersionOutput[] = [];
    try {
      for await (const output of paginate((page) => this.currentOutputsPage(workspaceId, page))) outputs.push(output);
    } catch (error) {
      if (error instanceof NotFoundError && (await this.workspaceExists(workspaceId))) return [];
      throw error;
    }
    if (!options.withSensitiveValues) return outputs;
    return Promise.all(outputs.map((o) => (o.sensitive ? this.readOutput(o.id) : Promise.resolve(o))));
  }

  /** One output by ID, its value included even when sensitive. */
  async readOutput(id: string): Promise<StateVersionOutput> {
    const doc = await this.transport.call(
      endpointRequest('showStateVersionOutput', { state_version_output_id: id }, { idempotent: true }),
      ENDPOINTS.showStateVersionOutput.answer,
    );
    return toStateVersionOutput(doc.data);
  }

  /** The state of a finalized state version, as the JSON document Terraform wrote. */
  async download(id: string): Promise<unknown> {
    const answer = await this.transport.request(endpointRequest('downloadState', { state_version_id: id }, { idempotent: true }));
    return answer.body;
  }

  private async currentOutputsPage(workspaceId: string, options: ListOptions): Promise<Page<StateVersionOutput>> {
    const doc = await this.transport.call(
      endpointRequest('listCurrentStateVersionOutputs', { workspace_id: workspaceId }, { query: pageQuery(options), idempotent: true }),
      ENDPOINTS.listCurrentStateVersionOutputs.answer,
    );
    return { items: doc.data.map(toStateVersionOutput), pagination: toPagination(doc.meta as { pagination: WirePagination } | undefined) };
  }

  /** A 404 means "no state yet" only when the workspace itself is there. */
  private async workspaceExists(workspaceId: string): Promise<boolean> {
    try {
      await this.transport.request(endpointRequest('showWorkspace', { workspace_id: workspaceId }, { idempotent: true }));
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}
