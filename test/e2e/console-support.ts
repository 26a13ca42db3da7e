// Shared by the console tests: seeding workspaces through the API and signing in without a browser
// (locks, consumers and change requests come from ../helpers/fixtures).
import { addFlatTags, createStateVersion, createWorkspace, terraformState, workspaceRelationships } from '../helpers/fixtures';
import { TOKENS, type TestService } from '../helpers/service';

export interface SeedWorkspace {
  name: string;
  project?: string;
  description?: string;
  tags?: string[];
  bindings?: Record<string, string>;
  resources?: number;
  engine?: string;
  mode?: 'remote' | 'local' | 'agent';
}

/** Creates a workspace with its tags and, for a resource count, a state managing that many resources; returns its ID. */
export async function seedWorkspace(service: TestService, organization: string, ws: SeedWorkspace, token: string = TOKENS.owner): Promise<string> {
  const attributes: Record<string, unknown> = { name: ws.name, description: ws.description ?? null };
  if (ws.engine) attributes['engine-version'] = ws.engine;
  if (ws.mode) attributes['execution-mode'] = ws.mode;
  const { id } = await createWorkspace(service, attributes, workspaceRelationships({ project: ws.project, tagBindings: ws.bindings }), token, organization);
  if (ws.tags?.length) await addFlatTags(service, id, ws.tags, token);
  if (ws.resources) {
    await createStateVersion(service, id, terraformState({ resources: ws.resources }), token);
  }
  return id;
}

/** Signs in through the form; returns the Cookie header value of the session. */
export async function signIn(service: TestService, token: string): Promise<string> {
  const response = await fetch(`${service.url}/app/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 303 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie.split(';')[0];
}

export async function getPage(service: TestService, path: string, cookie: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(service.url + path, { headers: { cookie }, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
