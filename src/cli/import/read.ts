// Reading an organization's workspaces for `cdkws import`: the list pages (filters applied by the
// service, projects included), then per workspace one read of its own tag bindings and one page of
// remote state consumers and its variables. Flat tags come with the list. Everything goes through the client, so its
// rate limit, concurrency cap and retries apply.
import { collect, paginate, type Client } from '../../client';
import type { ImportedWorkspace } from './emit';

export interface ImportFilters {
  organization: string;
  /** `search[wildcard-name]`: `*` at either end matches anything. */
  name?: string;
  /** Flat tags the workspaces must all carry (`search[tags]`). */
  tags: string[];
  /** `filter[project][id]`. */
  project?: string;
}

/** Workspaces whose details are being read at once (the client caps requests in flight itself). */
const DETAIL_WORKERS = 8;

/** Every matching workspace with its own bindings and consumers, in the service's name order. */
export async function readImportedWorkspaces(
  client: Client,
  filters: ImportFilters,
  progress: (done: number, total: number) => void = () => {},
): Promise<ImportedWorkspace[]> {
  // Project names come with the list pages (include=project): no request of their own.
  const projectNames = new Map<string, string>();
  const pages = paginate(async (page) => {
    const listed = await client.workspaces.list(filters.organization, {
      wildcardName: filters.name,
      tags: filters.tags.length > 0 ? filters.tags : undefined,
      projectId: filters.project,
      include: ['project'],
      sort: 'name',
      ...page,
    });
    for (const resource of listed.included ?? []) {
      const name = resource.attributes?.name;
      if (resource.type === 'projects' && typeof name === 'string') projectNames.set(resource.id, name);
    }
    return listed;
  });
  const found = (await collect(pages)).map((workspace) => ({
    workspace,
    projectName: workspace.projectId ? projectNames.get(workspace.projectId) : undefined,
  }));

  const out = new Array<ImportedWorkspace>(found.length);
  let nextIndex = 0;
  let done = 0;
  progress(0, found.length);
  const worker = async () => {
    for (let i = nextIndex++; i < found.length; i = nextIndex++) {
      const { workspace, projectName } = found[i];
      // With global remote state the service lists every workspace as a consumer: there is no list to manage.
      const [tagBindings, consumers, variables] = await Promise.all([
        client.tagBindings.list(workspace.id),
        workspace.globalRemoteState ? Promise.resolve(undefined) : collect(client.remoteStateConsumers.listAll(workspace.id)),
        collect(client.variables.listAll(workspace.id)),
      ]);
      out[i] = { workspace, tagBindings, projectName, consumers: consumers?.map((c) => ({ id: c.id, name: c.name })), variables };
      progress(++done, found.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAIL_WORKERS, found.length) }, worker));
  return out;
}
