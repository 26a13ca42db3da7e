import { DirectoryIndex, organizationTokenCaller, userCaller, type Caller } from '../access';
import { mergeBootstrap, parseBootstrap } from '../bootstrap';
import { entitlementSetResource, organizationPermissions, organizationProfile, organizationResource } from './serialize';

const file = parseBootstrap({
  users: [
    { username: 'root', id: 'user-root', 'site-admin': true, tokens: ['root-token'] },
    { username: 'alice', id: 'user-alice', tokens: ['alice-token'] },
    { username: 'dave', id: 'user-dave', tokens: ['dave-token'] },
  ],
  organizations: [
    {
      name: 'acme',
      email: 'ops@acme.example',
      'organization-token': 'acme-org-token',
      teams: [
        { name: 'owners', owners: true, members: ['alice'] },
        { name: 'readers', members: ['dave'], 'workspace-access': [{ workspace: '*', access: 'read' }] },
      ],
    },
  ],
});
const directory = mergeBootstrap(null, file);
const index = new DirectoryIndex(directory);
const acme = index.organization('acme')!;
const user = (id: string, username: string): Caller => userCaller(id, username);

describe('the bootstrap file and site administrators', () => {
  it('marks site administrators, keeps them on a second run, and stays idempotent', () => {
    expect(index.isSiteAdmin(user('user-root', 'root'))).toBe(true);
    expect(index.isSiteAdmin(user('user-alice', 'alice'))).toBe(false);
    expect(index.isSiteAdmin(organizationTokenCaller('acme'))).toBe(false);
    const again = mergeBootstrap(directory, parseBootstrap({ users: [{ username: 'root', tokens: [] }] }));
    expect(again.users.find((u) => u.username === 'root')?.siteAdmin).toBe(true);
    expect(JSON.stringify(mergeBootstrap(directory, file))).toBe(JSON.stringify(directory));
  });

  it('gives a bootstrap organization its email and a profile', () => {
    expect(organizationProfile(acme)).toMatchObject({ email: 'ops@acme.example', externalId: expect.stringMatching(/^org-/), sessionTimeout: null });
  });
});

describe('organization permissions', () => {
  it('lets owners and the organization token update, only a site administrator destroy, readers neither', () => {
    const owner = organizationPermissions(index, user('user-alice', 'alice'), acme);
    expect(owner).toMatchObject({ 'can-update': true, 'can-destroy': false, 'can-create-workspace': true, 'can-update-ssh-keys': true });
    expect(organizationPermissions(index, organizationTokenCaller('acme'), acme)).toMatchObject({
      'can-update': true,
      'can-destroy': false,
    });
    const reader = organizationPermissions(index, user('user-dave', 'dave'), acme);
    expect(reader).toMatchObject({ 'can-update': false, 'can-destroy': false, 'can-create-workspace': false, 'can-traverse': true });
    const siteAdmin = organizationPermissions(index, user('user-root', 'root'), acme);
    expect(siteAdmin).toMatchObject({ 'can-update': true, 'can-destroy': true, 'can-access-via-teams': false });
  });
});

describe('documents', () => {
  it('shows an organization stored before profiles existed with a stable external ID', () => {
    const legacy = { ...acme, profile: undefined };
    expect(organizationProfile(legacy).externalId).toBe(organizationProfile({ ...legacy }).externalId);
    expect(organizationResource(legacy, {})).toMatchObject({ id: 'acme', attributes: { email: null, 'plan-identifier': 'free' } });
  });

  it('answers every feature of the entitlement set, and assessments by tier', () => {
    expect(entitlementSetResource(acme)).toMatchObject({
      id: organizationProfile(acme).externalId,
      attributes: { sso: true, teams: true, assessments: false },
    });
    expect(entitlementSetResource({ ...acme, tier: 'plus' })).toMatchObject({ attributes: { assessments: true } });
  });
});
