// The admin plan endpoints go-tfe's paid-plan tests call before anything else: list the plans
// (feature sets) and give an organization one. The service limits no feature by plan, so they are
// accepted and answered with a plausible document for site administrators, as OTF answers them
// (docs/compatibility.md "Admin plan endpoints"); a paid plan only raises the organization's tier
// to "plus" (health assessments) and a free one lowers it.
import { ERRORS, FEATURE_SET_TYPE, SUBSCRIPTION_TYPE, type RequestBodyOf } from '../../contract';
import { ServiceError, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { newId, now } from '../ids';

/** The plans, as the hosted service names them; only Free keeps the free tier. */
const FEATURE_SETS: ReadonlyArray<{ id: string; name: string; paid: boolean }> = [
  { id: 'fs-free', name: 'Free', paid: false },
  { id: 'fs-standard', name: 'Standard', paid: true },
  { id: 'fs-standard-entitlement', name: 'Standard (entitlement)', paid: true },
  { id: 'fs-plus', name: 'Plus', paid: true },
  { id: 'fs-business', name: 'Business', paid: true },
];

function requireSiteAdmin(ctx: RouteContext): void {
  if (!ctx.service.index.isSiteAdmin(ctx.caller)) {
    throw new ServiceError(ERRORS.siteAdminRequired, 'Only a site administrator may list plans or change the plan of an organization');
  }
}

const featureSetResource = (set: (typeof FEATURE_SETS)[number]) => ({ id: set.id, type: FEATURE_SET_TYPE, attributes: { name: set.name } });

async function listFeatureSets(ctx: RouteContext): Promise<Reply> {
  requireSiteAdmin(ctx);
  const page = parsePage(ctx.query);
  const query = (ctx.query.get('q') ?? '').toLowerCase();
  const sets = FEATURE_SETS.filter((set) => set.name.toLowerCase().includes(query));
  return {
    status: 200,
    body: { data: sets.slice(page.offset, page.offset + page.size).map(featureSetResource), ...paginationEnvelope(ctx.url, page, sets.length) },
  };
}

async function setSubscription(ctx: RouteContext<RequestBodyOf<'setOrganizationSubscription'>>): Promise<Reply> {
  requireSiteAdmin(ctx);
  const body = await ctx.body();
  const name = ctx.params.organization_name;
  const setId = body.data.relationships['feature-set'].data.id;
  const set = FEATURE_SETS.find((s) => s.id === setId);
  if (!set) {
    throw new ServiceError(ERRORS.invalidAttribute, `feature set "${setId}" is not one of ${FEATURE_SETS.map((s) => s.id).join(', ')}`, {
      source: { pointer: '/data/relationships/feature-set/data/id' },
    });
  }
  await ctx.service.changeDirectory((directory) => {
    const organization = directory.organizations.find((o) => o.name === name);
    if (!organization) throw notFound(`organization "${name}" was not found`);
    organization.tier = set.paid ? 'plus' : 'free';
    return { result: undefined };
  });
  return {
    status: 201,
    body: {
      data: {
        id: newId('sub-'),
        type: SUBSCRIPTION_TYPE,
        attributes: { ...(body.data.attributes ?? {}), 'is-active': true, 'created-at': now() },
        relationships: { organization: { data: { id: name, type: 'organizations' } }, 'feature-set': { data: { id: set.id, type: FEATURE_SET_TYPE } } },
      },
    },
  };
}

export const PLAN_HANDLERS = {
  listFeatureSets,
  setOrganizationSubscription: setSubscription,
} satisfies Partial<EndpointHandlers>;
