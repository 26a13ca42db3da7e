// Variable sets: create, list (by organization, workspace, project), read, change and delete them;
// apply them to and remove them from many workspaces or projects in one request; and their
// variables, whose sensitive values are write-only as a workspace's are.
import {
  ENDPOINTS,
  VARIABLE_SET_ATTRIBUTES,
  VARIABLE_SET_TARGETS_MAX,
  fromWireAttributes,
  toWireAttributes,
  type VariableSetCreateValues,
  type VariableSetReadValues,
  type VariableSetResource,
  type VariableSetUpdateValues,
  type WirePagination,
} from '../contract';
import { endpointRequest } from './endpoint-request';
import { paginate, pageQuery, toPagination, type IncludedResource, type ListOptions, type Page } from './pagination';
import { refuseIfInvalid, shapeErrors } from './request-checks';
import type { Transport } from './transport';
import { toVariable, variableData, variableRequest, type Variable, type VariableCreateOptions, type VariableUpdateOptions } from './variable';

export interface VariableSet extends VariableSetReadValues {
  id: string;
  name: string;
  description: string | null;
  global: boolean;
  priority: boolean;
  organization?: string;
  /** The workspaces it is applied to by name (not those it reaches as global or through a project). */
  workspaceIds: string[];
  projectIds: string[];
  variableIds: string[];
  raw: VariableSetResource;
}

export type VariableSetCreateOptions = VariableSetCreateValues & {
  name: string;
  /** Apply it to these workspaces at once. */
  workspaceIds?: string[];
  projectIds?: string[];
};
export type VariableSetUpdateOptions = VariableSetUpdateValues & {
  /** Replaces the workspaces it is applied to by name. */
  workspaceIds?: string[];
};

export type VariableSetInclude = 'workspaces' | 'projects' | 'vars';

export interface VariableSetListOptions extends ListOptions {
  /** Sets whose name contains this. */
  query?: string;
  include?: VariableSetInclude[];
}

function idsOf(resource: VariableSetResource, name: string): string[] {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
}

export function toVariableSet(resource: VariableSetResource): VariableSet {
  const values = fromWireAttributes(VARIABLE_SET_ATTRIBUTES, resource.attributes) as VariableSetReadValues;
  const org = resource.relationships?.organization?.data;
  const a = resource.attributes;
  return {
    ...values,
    id: resource.id,
    name: a.name,
    description: a.description,
    global: a.global,
    priority: a.priority,
    ...(org && !Array.isArray(org) ? { organization: org.id } : {}),
    workspaceIds: idsOf(resource, 'workspaces'),
    projectIds: idsOf(resource, 'projects'),
    variableIds: idsOf(resource, 'vars'),
    raw: resource,
  };
}

const targets = (type: 'workspaces' | 'projects', ids: readonly string[] | undefined) => ids && { data: ids.map((id) => ({ type, id })) };

type SetListDocument = { data: VariableSetResource[]; included?: IncludedResource[]; meta?: unknown };

function toSetPage(doc: SetListDocument): Page<VariableSet> {
  return {
    items: doc.data.map(toVariableSet),
    pagination: toPagination(doc.meta as { pagination: WirePagination } | undefined),
    ...(doc.included ? { included: doc.included } : {}),
  };
}

function listQuery(options: VariableSetListOptions) {
  return { ...pageQuery(options), q: options.query, include: options.include };
}

export class VariableSetsApi {
  constructor(private readonly transport: Transport) {}

  /** One page of the organization's sets. */
  async list(organization: string, options: VariableSetListOptions = {}): Promise<Page<VariableSet>> {
    const req = endpointRequest('listVariableSets', { organization_name: organization }, { query: listQuery(options), idempotent: true });
    return toSetPage(await this.transport.call(req, ENDPOINTS.listVariableSets.answer));
  }

  listAll(organization: string, options: Omit<VariableSetListOptions, 'pageNumber' | 'pageSize'> = {}): AsyncGenerator<VariableSet, void, undefined> {
    return paginate((page) => this.list(organization, { ...options, ...page }));
  }

  /** One page of the sets applied to a workspace: global ones, by name, and through its project. */
  async listForWorkspace(workspaceId: string, options: VariableSetListOptions = {}): Promise<Page<VariableSet>> {
    const req = endpointRequest('listWorkspaceVariableSets', { workspace_id: workspaceId }, { query: listQuery(options), idempotent: true });
    return toSetPage(await this.transport.call(req, ENDPOINTS.listWorkspaceVariableSets.answer));
  }

  async listForProject(projectId: string, options: VariableSetListOptions = {}): Promise<Page<VariableSet>> {
    const req = endpointRequest('listProjectVariableSets', { project_id: projectId }, { query: listQuery(options), idempotent: true });
    return toSetPage(await this.transport.call(req, ENDPOINTS.listProjectVariableSets.answer));
  }

  async create(organization: string, options: VariableSetCreateOptions): Promise<VariableSet> {
    const { workspaceIds, projectIds, ...values } = options;
    const relationships = { workspaces: targets('workspaces', workspaceIds), projects: targets('projects', projectIds) };
    const data = { type: 'varsets', attributes: toWireAttributes(VARIABLE_SET_ATTRIBUTES, values), relationships };
    const req = endpointRequest('createVariableSet', { organization_name: organization }, { body: { data }, idempotent: false });
    refuseIfInvalid(this.transport.summary(req), 'variable set', shapeErrors(VARIABLE_SET_ATTRIBUTES, ENDPOINTS.createVariableSet.body, req.body));
    return toVariableSet((await this.transport.call(req, ENDPOINTS.createVariableSet.answer)).data);
  }

  async read(id: string, options: { include?: VariableSetInclude[] } = {}): Promise<VariableSet> {
    const req = endpointRequest('showVariableSet', { variable_set_id: id }, { query: { include: options.include }, idempotent: true });
    return toVariableSet((await this.transport.call(req, ENDPOINTS.showVariableSet.answer)).data);
  }

  async update(id: string, options: VariableSetUpdateOptions): Promise<VariableSet> {
    const { workspaceIds, ...values } = options;
    const data = {
      type: 'varsets',
      attributes: toWireAttributes(VARIABLE_SET_ATTRIBUTES, values),
      ...(workspaceIds ? { relationships: { workspaces: targets('workspaces', workspaceIds) } } : {}),
    };
    const req = endpointRequest('updateVariableSet', { variable_set_id: id }, { body: { data }, idempotent: true });
    refuseIfInvalid(this.transport.summary(req), 'variable set', shapeErrors(VARIABLE_SET_ATTRIBUTES, ENDPOINTS.updateVariableSet.body, req.body));
    return toVariableSet((await this.transport.call(req, ENDPOINTS.updateVariableSet.answer)).data);
  }

  async delete(id: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteVariableSet', { variable_set_id: id }, { idempotent: false }));
  }

  /** Applies the set to workspaces; one already applied is left as it is (safe to repeat). Any number: sent in batches. */
  applyToWorkspaces(id: string, workspaceIds: readonly string[]): Promise<void> {
    return this.relate('applyVariableSetToWorkspaces', id, 'workspaces', workspaceIds);
  }

  removeFromWorkspaces(id: string, workspaceIds: readonly string[]): Promise<void> {
    return this.relate('removeVariableSetFromWorkspaces', id, 'workspaces', workspaceIds);
  }

  applyToProjects(id: string, projectIds: readonly string[]): Promise<void> {
    return this.relate('applyVariableSetToProjects', id, 'projects', projectIds);
  }

  removeFromProjects(id: string, projectIds: readonly string[]): Promise<void> {
    return this.relate('removeVariableSetFromProjects', id, 'projects', projectIds);
  }

  private async relate(
    endpoint: 'applyVariableSetToWorkspaces' | 'removeVariableSetFromWorkspaces' | 'applyVariableSetToProjects' | 'removeVariableSetFromProjects',
    id: string,
    type: 'workspaces' | 'projects',
    ids: readonly string[],
  ): Promise<void> {
    for (let start = 0; start < ids.length; start += VARIABLE_SET_TARGETS_MAX) {
      const body = targets(type, ids.slice(start, start + VARIABLE_SET_TARGETS_MAX));
      const req = endpointRequest(endpoint, { variable_set_id: id }, { body, idempotent: true });
      refuseIfInvalid(this.transport.summary(req), `${type} of a variable set`, shapeErrors({}, ENDPOINTS[endpoint].body, body));
      await this.transport.request(req);
    }
  }

  /** One page of the set's variables. */
  async listVariables(id: string, options: ListOptions = {}): Promise<Page<Variable>> {
    const req = endpointRequest('listVariableSetVariables', { variable_set_id: id }, { query: pageQuery(options), idempotent: true });
    const doc = await this.transport.call(req, ENDPOINTS.listVariableSetVariables.answer);
    return { items: doc.data.map(toVariable), pagination: toPagination(doc.meta) };
  }

  listAllVariables(id: string): AsyncGenerator<Variable, void, undefined> {
    return paginate((page) => this.listVariables(id, page));
  }

  async createVariable(id: string, options: VariableCreateOptions): Promise<Variable> {
    const req = variableRequest(
      this.transport,
      'createVariableSetVariable',
      endpointRequest('createVariableSetVariable', { variable_set_id: id }, { body: { data: variableData(options) }, idempotent: false }),
      options,
      'create',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.createVariableSetVariable.answer)).data);
  }

  async readVariable(id: string, variableId: string): Promise<Variable> {
    const req = endpointRequest('showVariableSetVariable', { variable_set_id: id, variable_id: variableId }, { idempotent: true });
    return toVariable((await this.transport.call(req, ENDPOINTS.showVariableSetVariable.answer)).data);
  }

  async updateVariable(id: string, variableId: string, options: VariableUpdateOptions): Promise<Variable> {
    const req = variableRequest(
      this.transport,
      'updateVariableSetVariable',
      endpointRequest(
        'updateVariableSetVariable',
        { variable_set_id: id, variable_id: variableId },
        { body: { data: variableData(options) }, idempotent: true },
      ),
      options,
      'update',
    );
    return toVariable((await this.transport.call(req, ENDPOINTS.updateVariableSetVariable.answer)).data);
  }

  async deleteVariable(id: string, variableId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteVariableSetVariable', { variable_set_id: id, variable_id: variableId }, { idempotent: false }));
  }
}
