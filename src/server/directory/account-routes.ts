// GET /account/details (the token's user, as the hosted service answers it) and GET /ping (the
// headers clients configure themselves from). Clients and providers call account/details to check
// a token; organization tokens get the organization's synthetic service user, whose
// `authenticated-resource` is the organization.
import { createHash } from 'node:crypto';
import { API_VERSION, APP_NAMES, ORGANIZATION_SERVICE_USER_PREFIX, PING_HEADERS, type RequestBodyOf, USER_TYPE, hostedLink, rootPathOf } from '../../contract';
import { forbidden, nameTaken, unauthorized } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';

/** A stable suffix per organization, so the service user is the same on every call and restart. */
function serviceUserSuffix(organization: string): string {
  return createHash('sha256').update(`service-user:${organization}`).digest('base64url').replace(/[-_]/g, '').slice(0, 16);
}

type AuthenticatedResource = { id: string; type: typeof USER_TYPE | 'organizations' | 'teams' };

/** Where the resource is read; none for a team here (teams are read through their organization). */
const authenticatedLinks = (resource: AuthenticatedResource) =>
  resource.type === 'teams'
    ? {}
    : {
        links: {
          related:
            resource.type === USER_TYPE ? hostedLink('user', { user_id: resource.id }) : rootPathOf('showOrganization', { organization_name: resource.id }),
        },
      };

function accountDocument(id: string, attributes: Record<string, unknown>, authenticated: AuthenticatedResource): Record<string, unknown> {
  return {
    data: {
      id,
      type: USER_TYPE,
      attributes,
      relationships: {
        'authentication-tokens': { links: { related: rootPathOf('listAuthenticationTokens', { user_id: id }) } },
        'authenticated-resource': { data: authenticated, ...authenticatedLinks(authenticated) },
      },
      links: { self: hostedLink('user', { user_id: id }) },
    },
  };
}

/**
 * The user's attributes; a service user may not manage organizations, its email or its tokens, and
 * only a site administrator creates organizations here (docs/service.md "Organizations").
 */
function accountAttributes(username: string, email: string | null, serviceAccount: boolean, siteAdmin: boolean): Record<string, unknown> {
  const allowed = !serviceAccount;
  return {
    username,
    email,
    'unconfirmed-email': null,
    'is-service-account': serviceAccount,
    // The hosted service's kind of address: a generated image for the email (or the name), never a file of ours.
    'avatar-url': `https://www.gravatar.com/avatar/${createHash('md5')
      .update((email ?? username).trim().toLowerCase())
      .digest('hex')}?s=100&d=mm`,
    'v2-only': serviceAccount,
    'two-factor': { enabled: false, verified: false },
    permissions: { 'can-create-organizations': siteAdmin, 'can-change-email': allowed, 'can-change-username': allowed, 'can-manage-user-tokens': allowed },
  };
}

async function accountDetails(ctx: RouteContext): Promise<Reply> {
  const caller = ctx.caller;
  if (caller.kind === 'user') {
    const user = ctx.service.directory.users.find((u) => u.id === caller.userId);
    return {
      status: 200,
      body: accountDocument(
        caller.userId,
        accountAttributes(user?.username ?? caller.username, user?.email ?? null, false, ctx.service.index.isSiteAdmin(caller)),
        {
          id: caller.userId,
          type: USER_TYPE,
        },
      ),
    };
  }
  if (caller.kind === 'organization-token') {
    const suffix = serviceUserSuffix(caller.organization);
    const username = `${ORGANIZATION_SERVICE_USER_PREFIX}${caller.organization}-${suffix}`;
    return {
      status: 200,
      body: accountDocument(`user-${suffix}`, accountAttributes(username, null, true, false), { id: caller.organization, type: 'organizations' }),
    };
  }
  if (caller.kind === 'team-token') {
    // The team's service user, as the hosted service answers a team token.
    const suffix = serviceUserSuffix(`team:${caller.teamId}`);
    return {
      status: 200,
      body: accountDocument(`user-${suffix}`, accountAttributes(`api-${caller.teamId}-${suffix}`, null, true, false), { id: caller.teamId, type: 'teams' }),
    };
  }
  throw unauthorized();
}

/**
 * The caller's own username and email (a user's; a service user has neither to change). A username
 * another user has is refused; the new username is the user's everywhere at once (the directory's
 * users are indexed by ID, and the bootstrap file finds the user again by its tokens).
 */
async function updateAccount(ctx: RouteContext<RequestBodyOf<'updateAccount'>>): Promise<Reply> {
  const caller = ctx.caller;
  if (caller.kind !== 'user') throw forbidden('only a user changes its username or email');
  const { attributes } = (await ctx.body()).data;
  await ctx.service.changeDirectory((directory) => {
    const user = directory.users.find((u) => u.id === caller.userId);
    if (!user) throw unauthorized();
    if (attributes.username !== undefined && directory.users.some((u) => u.id !== user.id && u.username.toLowerCase() === attributes.username!.toLowerCase())) {
      throw nameTaken();
    }
    if (attributes.username !== undefined) user.username = attributes.username;
    if (attributes.email !== undefined) user.email = attributes.email;
    return { result: undefined };
  });
  return accountDetails(ctx);
}

/** Without a rate limit no X-RateLimit-Limit is sent: clients such as go-tfe then limit nothing. */
export function accountHandlers(options: { rateLimit?: number } = {}) {
  return {
    showAccountDetails: accountDetails,
    updateAccount,
    ping: async (ctx: RouteContext) => ({
      status: 204,
      headers: {
        [PING_HEADERS.apiVersion]: API_VERSION,
        [PING_HEADERS.appName]: APP_NAMES[ctx.service.edition],
        ...(options.rateLimit ? { [PING_HEADERS.rateLimit]: String(options.rateLimit) } : {}),
      },
    }),
  } satisfies Partial<EndpointHandlers>;
}
