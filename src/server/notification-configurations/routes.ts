// Team notification configurations (issue 34 item 2), as go-tfe's NotificationConfigurations calls
// them for a team: list and create under /teams/:team_id, show, update, delete and verify under
// /notification-configurations/:id. The owners of the team's organization manage them; to anyone
// outside it a configuration does not exist. Only generic webhooks are delivered, and the one
// trigger of a team is change_request:created.
import {
  CHANGE_REQUEST_CREATED_TRIGGER,
  DELIVERED_DESTINATION_TYPE,
  ERRORS,
  NOTIFICATION_CONFIGURATION_ID_PREFIX,
  NOTIFICATION_CONFIGURATIONS_PER_TEAM_MAX,
  NOTIFICATION_TRIGGERS,
  type RequestBodyOf,
} from '../../contract';
import { managedTeam, type TeamInOrganization } from '../directory/team-of';
import { ServiceError, invalid, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { newId, now } from '../ids';
import { postNotification } from './delivery';
import { notificationConfigurationDocument } from './serialize';
import type { NotificationConfigurationRecord } from './store';

const ACTION = 'the notification configurations';
const VERIFY_TIMEOUT_MS = 10_000;

/** Refuses a trigger teams are not notified of. */
function checkTriggers(triggers: string[] | undefined): void {
  const unknown = (triggers ?? []).filter((t) => !(NOTIFICATION_TRIGGERS as readonly string[]).includes(t));
  if (unknown.length > 0) {
    throw new ServiceError(
      ERRORS.notificationTriggerUnsupported,
      `a team is notified only on ${CHANGE_REQUEST_CREATED_TRIGGER}, not on ${unknown.map((t) => `"${t.slice(0, 60)}"`).join(', ')}`,
      { source: { pointer: '/data/attributes/triggers' } },
    );
  }
}

/** The configuration and its team, when the caller manages that team; 404 otherwise. */
async function managedConfiguration(ctx: RouteContext): Promise<{ record: NotificationConfigurationRecord; team: TeamInOrganization }> {
  const id = ctx.params.notification_configuration_id;
  const missing = () => notFound(`notification configuration "${id.slice(0, 100)}" was not found, or you are not authorized to access it`);
  const record = await ctx.service.store.notificationConfigurations.get(id);
  if (!record) throw missing();
  try {
    return { record, team: managedTeam(ctx.service, ctx.caller, record.teamId, ACTION) };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw missing();
    throw error;
  }
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { team } = managedTeam(ctx.service, ctx.caller, ctx.params.team_id, ACTION);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.notificationConfigurations.listForTeam(team.id, page.offset, page.size);
  const data = await Promise.all(result.items.map((record) => notificationConfigurationDocument(ctx.service, record)));
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createTeamNotificationConfiguration'>>): Promise<Reply> {
  const { team } = managedTeam(ctx.service, ctx.caller, ctx.params.team_id, ACTION);
  const { data } = await ctx.body();
  const a = data.attributes;
  if (a['destination-type'] !== DELIVERED_DESTINATION_TYPE) {
    throw new ServiceError(
      ERRORS.notificationDestinationUnsupported,
      `destination-type "${a['destination-type'].slice(0, 50)}" is not delivered by this service: use "${DELIVERED_DESTINATION_TYPE}" (a webhook)`,
      { source: { pointer: '/data/attributes/destination-type' } },
    );
  }
  checkTriggers(a.triggers);
  if (!a.url) throw invalid('a generic destination needs a url', '/data/attributes/url');
  const subscribable = data.relationships?.subscribable?.data;
  if (subscribable && subscribable.id !== team.id) {
    throw invalid(`the subscribable is team "${subscribable.id.slice(0, 100)}", not the team of the path`, '/data/relationships/subscribable');
  }
  const existing = await ctx.service.store.notificationConfigurations.listForTeam(team.id, 0, 0);
  if (existing.total >= NOTIFICATION_CONFIGURATIONS_PER_TEAM_MAX) {
    throw invalid(`a team may have at most ${NOTIFICATION_CONFIGURATIONS_PER_TEAM_MAX} notification configurations; delete one first`, '/data');
  }
  const at = now();
  const record: NotificationConfigurationRecord = {
    id: newId(NOTIFICATION_CONFIGURATION_ID_PREFIX),
    teamId: team.id,
    name: a.name,
    destinationType: DELIVERED_DESTINATION_TYPE,
    url: a.url,
    hasToken: Boolean(a.token),
    enabled: a.enabled,
    triggers: [...new Set(a.triggers ?? [])],
    createdAt: at,
    updatedAt: at,
  };
  await ctx.service.store.notificationConfigurations.insert(record, a.token ?? null);
  return { status: 201, body: { data: await notificationConfigurationDocument(ctx.service, record) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { record } = await managedConfiguration(ctx);
  return { status: 200, body: { data: await notificationConfigurationDocument(ctx.service, record) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateNotificationConfiguration'>>): Promise<Reply> {
  const { record } = await managedConfiguration(ctx);
  const a = (await ctx.body()).data.attributes ?? {};
  checkTriggers(a.triggers);
  const store = ctx.service.store.notificationConfigurations;
  const changed = await store.update(record.id, {
    name: a.name,
    url: a.url,
    enabled: a.enabled,
    triggers: a.triggers === undefined ? undefined : [...new Set(a.triggers)],
    token: a.token,
    updatedAt: now(),
  });
  const current = changed ? await store.get(record.id) : null;
  if (!current) throw notFound(`notification configuration "${record.id}" was not found`);
  return { status: 200, body: { data: await notificationConfigurationDocument(ctx.service, current) } };
}

async function destroy(ctx: RouteContext): Promise<Reply> {
  const { record } = await managedConfiguration(ctx);
  if (!(await ctx.service.store.notificationConfigurations.delete(record.id))) throw notFound(`notification configuration "${record.id}" was not found`);
  return { status: 204 };
}

/** Sends a verification now, signed like every delivery, and answers with its response first. */
async function verify(ctx: RouteContext): Promise<Reply> {
  const { record, team } = await managedConfiguration(ctx);
  const store = ctx.service.store.notificationConfigurations;
  if (record.url) {
    const body = JSON.stringify({
      payload_version: 1,
      notification_configuration_id: record.id,
      trigger: 'verification',
      message: `Verification of ${record.name}`,
      organization: team.organization.name,
      team: team.team.name,
      team_id: team.team.id,
      'created-at': now(),
    });
    const outcome = await postNotification(record.url, body, {
      token: await store.token(record.id),
      idempotencyKey: newId('nd-'),
      signal: ctx.signal ?? new AbortController().signal,
      timeoutMs: VERIFY_TIMEOUT_MS,
    });
    await store.recordResponse({
      configurationId: record.id,
      outboxId: null,
      attempt: 1,
      url: record.url,
      code: outcome.status === null ? '' : String(outcome.status),
      successful: outcome.ok,
      headers: outcome.headers,
      body: outcome.body,
      error: outcome.error,
      sentAt: outcome.at,
    });
  }
  return { status: 200, body: { data: await notificationConfigurationDocument(ctx.service, record) } };
}

export const NOTIFICATION_CONFIGURATION_HANDLERS = {
  listTeamNotificationConfigurations: list,
  createTeamNotificationConfiguration: create,
  showNotificationConfiguration: show,
  updateNotificationConfiguration: update,
  deleteNotificationConfiguration: destroy,
  verifyNotificationConfiguration: verify,
} satisfies Partial<EndpointHandlers>;
