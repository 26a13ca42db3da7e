// Users' own tokens, as the hosted service has them: list and create under
// /users/:user_id/authentication-tokens, show and delete under /authentication-tokens/:id. Only
// the user may see or change their tokens; to anyone else the list is empty and a token is 404
// (the hosted service's answers). The token value is in the create's answer only.
import { AUTHENTICATION_TOKEN_TYPE, USER_TYPE, type RequestBodyOf } from '../../contract';
import type { Caller } from '../access';
import { invalid, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { type AuthenticationTokenView, createUserToken, listUserTokens, revokeToken, showToken } from './tokens';

function tokenResource(view: AuthenticationTokenView, value: string | null = null): Record<string, unknown> {
  return {
    id: view.id,
    type: AUTHENTICATION_TOKEN_TYPE,
    attributes: {
      'created-at': view.createdAt,
      'last-used-at': null,
      description: view.description,
      token: value,
      'expired-at': view.expiredAt,
    },
    relationships: { 'created-by': { data: { id: view.userId, type: USER_TYPE } } },
  };
}

const userIdOf = (caller: Caller): string | null => (caller.kind === 'user' ? caller.userId : null);

const tokenNotFound = (id: string) => notFound(`authentication token "${id.slice(0, 100)}" was not found, or you are not authorized to access it`);

async function list(ctx: RouteContext): Promise<Reply> {
  const own = userIdOf(ctx.caller) === ctx.params.user_id;
  const tokens = own ? listUserTokens(ctx.service.directory, ctx.params.user_id) : [];
  return { status: 200, body: { data: tokens.map((t) => tokenResource(t)) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createAuthenticationToken'>>): Promise<Reply> {
  if (userIdOf(ctx.caller) !== ctx.params.user_id)
    throw notFound(`user "${ctx.params.user_id.slice(0, 100)}" was not found, or you are not authorized to access it`);
  const body = await ctx.body();
  const attributes = body.data.attributes ?? {};
  const expiredAt = attributes['expired-at'] ? new Date(attributes['expired-at']).toISOString() : null;
  // A token that expires before it is made would be answered and never accepted (issue 37).
  if (expiredAt !== null && Date.parse(expiredAt) <= Date.now()) {
    throw invalid(`expired-at ${expiredAt} is in the past; give a time after now, or none for a token that does not expire`, '/data/attributes/expired-at');
  }
  const created = await createUserToken(ctx.service, ctx.params.user_id, { description: attributes.description ?? null, expiredAt });
  if (!created) throw notFound(`user "${ctx.params.user_id.slice(0, 100)}" was not found`);
  return { status: 201, body: { data: tokenResource(created.view, created.value) } };
}

/** The token, when it is the caller's own. */
function ownToken(ctx: RouteContext): AuthenticationTokenView {
  const view = showToken(ctx.service.directory, ctx.params.token_id);
  if (!view || view.userId !== userIdOf(ctx.caller)) throw tokenNotFound(ctx.params.token_id);
  return view;
}

async function show(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: tokenResource(ownToken(ctx)) } };
}

async function destroy(ctx: RouteContext): Promise<Reply> {
  const view = ownToken(ctx);
  if (!(await revokeToken(ctx.service, view.id))) throw tokenNotFound(view.id);
  return { status: 204 };
}

export const AUTHENTICATION_TOKEN_HANDLERS = {
  listAuthenticationTokens: list,
  createAuthenticationToken: create,
  showAuthenticationToken: show,
  deleteAuthenticationToken: destroy,
} satisfies Partial<EndpointHandlers>;
