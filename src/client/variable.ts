// A workspace's variables: list, create, read, change and delete them; the effective variables a
// run would get; the older top-level `/vars` paths. A sensitive value is write-only: answers carry
// null in its place, and the client never puts a value in an error it raises.
import {
  ENDPOINTS,
  VARIABLE_ATTRIBUTES,
  fromWireAttributes,
  toWireAttributes,
  variableViolations,
  type EndpointName,
  type VariableCategory,
  type VariableCreateValues,
  type VariableReadValues,
  type VariableResource,
  type VariableUpdateValues,
  type WirePagination,
} from '../contract';
import { endpointRequest } from './endpoint-request';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import { invalidAttribute, refuseIfInvalid, shapeErrors } from './request-checks';
import type { Transport, TransportRequest } from './transport';

/** A variable as answered: of a workspace (`workspaceId`) or of a variable set (`variableSetId`). */
export interface Variable extends VariableReadValues {
  id: string;
  key: string;
  /** null when the variable is sensitive: the value is write-only. */
  value: string | null;
  description: string | null;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
  /** Changes whenever the value changes. */
  versionId: string;
  workspaceId?: string;
  variableSetId?: string;
  raw: VariableResource;
}

/** What a create gives: the key and the category are required. */
export type VariableCreateOptions = VariableCreateValues & { key: string; category: VariableCategory };
export type VariableUpdateOptions = VariableUpdateValues;

export interface VariableListByNameOptions extends ListOptions {
  organization: string;
  workspace: string;
}

export function toVariable(resource: VariableResource): Variable {
  const values = fromWireAttributes(VARIABLE_ATTRIBUTES, resource.attributes) as VariableReadValues;
  const rel = resource.relationships;
  const owner = (name: string): string | undefined => {
    const data = rel?.[name]?.data;
    return data && !Array.isArray(data) ? data.id : undefined;
  };
  const configurable = owner('configurable');
  const varset = owner('varset');
  const a = resource.attributes;
  return {
    ...values,
    id: resource.id,
    key: a.key,
    value: a.sensitive ? null : a.value,
    description: a.description,
    category: a.category as VariableCategory,
    hcl: a.hcl,
    sensitive: a.sensitive,
    versionId: a['version-id'],
    ...(configurable !== undefined ? { workspaceId: configurable } : {}),
    ...(varset !== undefined ? { variableSetId: varset } : {}),
    raw: resource,
  };
}

/** The endpoints that write one variable (a workspace's or a set's). */
export type VariableWriteEndpoint = Extract<
  EndpointName,
  'createVariable' | 'updateVariable' | 'createVariableOfWorkspace' | 'updateVariableById' | 'createVariableSetVariable' | 'updateVariableSetVariable'
>;

/**
 * The request document of a create or an update, checked as the service would check it. The
 * refusal names members, never values: a value may be a secret.
 */
export function variableRequest(
  transport: Transport,
  endpoint: VariableWriteEndpoint,
  req: TransportRequest,
  values: VariableCreateValues | VariableUpdateValues,
  mode: 'create' | 'update',
): TransportRequest {
  const errors = shapeErrors(VARIABLE_ATTRIBUTES, ENDPOINTS[endpoint].body, req.body);
  if (mode === 'create' && errors.length === 0) {
    const category = values.category ?? 'terraform';
    for (const v of variableViolations({ category, hcl: values.hcl ?? false, sensitive: values.sensitive ?? false })) {
      errors.push(invalidAttribute(v.detail, `/data/attributes/${v.member}`));
    }
  }
  refuseIfInvalid(transport.summary(req), 'variable', errors);
  return req;
}

/** The `data` member of a variable's create or update. */
export function variableData(values: VariableCreateValues | VariableUpdateValues): { type: 'vars'; attributes: Record<string, unknown> } {
  return { type: 'vars', attributes: toWireAttributes(VARIABLE_ATTRIBUTES, values) };
}

type VariableListDocument = { data: VariableResource[]; meta?: unknown };

function toPage(doc: VariableListDocument): Page<Variable> {
  return { items: doc.data.map(toVariable), pagination: toPagination(doc.meta as { pagination: WirePagination } | undefined) };
}

export class VariablesApi {
  constructor(private readonly transport: Transport) {}

  /** One page of the workspace's own variables. */
  async list(workspaceId: string, options: ListOptions = {}): Promise<Page<Variable>> {
    const req = endpointRequest('listVariables', { workspace_id: workspaceId }, { query: pageQuery(options), idempotent: true });
    return toPage(await this.transport.call(req, ENDPOINTS.listVariables.answer));
  }

  /** Every variable of the workspace, 100 per request. */
  listAll(workspaceId: string): AsyncGenerator<Variable, void, undefined> {
    return paginate((page) => this.list(workspaceId, page));
  }

  /**
   * The variables a run of the workspace gets: its own and those of the sets applied to it, one
   * per key and category, the one that wins by precedence (a priority set over the workspace's
   * own, the workspace's own over other sets).
   */
  async listEffective(workspaceId: string): Promise<Variable[]> {
    const req = endpointRequest('listEffectiveVariables', { workspace_id: workspaceId }, { idempotent: true });
    return (await this.transport.call(req, ENDPOINTS.listEffectiveVariables.answer)).data.map(toVariable);
  }

  async create(workspaceId: string, options: VariableCreateOptions): Promise<Variable> {
    const req = variableRequest(
      this.transport,
      'createVariable',
      endpointRequest('createVariable', { workspace_id: workspaceId }, { body: { data: variableData(options) }, idempotent: false }),
      options,
      'create',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.createVariable.answer)).data);
  }

  async read(workspaceId: string, variableId: string): Promise<Variable> {
    const req = endpointRequest('showVariable', { workspace_id: workspaceId, variable_id: variableId }, { idempotent: true });
    return toVariable((await this.transport.call(req, ENDPOINTS.showVariable.answer)).data);
  }

  /** Changes the given attributes; a value given again gets a new version ID only if it differs. */
  async update(workspaceId: string, variableId: string, options: VariableUpdateOptions): Promise<Variable> {
    const req = variableRequest(
      this.transport,
      'updateVariable',
      endpointRequest('updateVariable', { workspace_id: workspaceId, variable_id: variableId }, { body: { data: variableData(options) }, idempotent: true }),
      options,
      'update',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.updateVariable.answer)).data);
  }

  async delete(workspaceId: string, variableId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteVariable', { workspace_id: workspaceId, variable_id: variableId }, { idempotent: false }));
  }

  /** One page of a workspace's variables by organization and workspace name (the older `/vars` path). */
  async listByWorkspaceName(options: VariableListByNameOptions): Promise<Page<Variable>> {
    const query = { 'filter[organization][name]': options.organization, 'filter[workspace][name]': options.workspace, ...pageQuery(options) };
    const req = endpointRequest('listVariablesByWorkspaceName', {}, { query, idempotent: true });
    return toPage(await this.transport.call(req, ENDPOINTS.listVariablesByWorkspaceName.answer));
  }

  /** Creates a variable through the older `POST /vars`, naming the workspace as a relationship. */
  async createOfWorkspace(workspaceId: string, options: VariableCreateOptions): Promise<Variable> {
    const data = { ...variableData(options), relationships: { workspace: { data: { type: 'workspaces', id: workspaceId } } } };
    const req = variableRequest(
      this.transport,
      'createVariableOfWorkspace',
      endpointRequest('createVariableOfWorkspace', {}, { body: { data }, idempotent: false }),
      options,
      'create',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.createVariableOfWorkspace.answer)).data);
  }

  /** Changes a workspace variable by its ID alone (the older path). */
  async updateById(variableId: string, options: VariableUpdateOptions): Promise<Variable> {
    const req = variableRequest(
      this.transport,
      'updateVariableById',
      endpointRequest('updateVariableById', { variable_id: variableId }, { body: { data: variableData(options) }, idempotent: true }),
      options,
      'update',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.updateVariableById.answer)).data);
  }

  async deleteById(variableId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteVariableById', { variable_id: variableId }, { idempotent: false }));
  }
}
