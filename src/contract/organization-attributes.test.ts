// The organization's rules and its tables' names.
import { attributeName } from './attribute-table';
import {
  ENTITLEMENT_SET_ATTRIBUTES,
  ORGANIZATION_ATTRIBUTES,
  ORGANIZATION_NAME_MAX,
  organizationEmailRule,
  organizationNameRule,
} from './organization-attributes';

describe('organization names', () => {
  it('are letters, numbers, "-" and "_", at most 100 characters (they are URL path segments)', () => {
    expect(organizationNameRule('acme-corp_2')).toBeUndefined();
    expect(organizationNameRule('o'.repeat(ORGANIZATION_NAME_MAX))).toBeUndefined();
    expect(organizationNameRule('o'.repeat(ORGANIZATION_NAME_MAX + 1))).toBe('{} must be at most 100 characters');
    expect(organizationNameRule('')).toBe('{} is required');
    for (const bad of ['acme/corp', 'acme corp', 'acme%2f']) expect(organizationNameRule(bad)).toBe('{} may contain only letters, numbers, "-" and "_"');
  });
});

describe('organization email addresses', () => {
  it('have one "@" with text on either side and no spaces', () => {
    expect(organizationEmailRule('platform@example.com')).toBeUndefined();
    for (const bad of ['platform', '@example.com', 'platform@', 'a b@example.com', 'a@b@c']) {
      expect({ bad, problem: organizationEmailRule(bad) }).toEqual({ bad, problem: '{} must be an email address, e.g. "platform@example.com"' });
    }
    expect(organizationEmailRule('')).toBe('{} is required');
  });
});

describe('the entitlement set', () => {
  it('names each entitlement in HCL as the provider shows it', () => {
    expect(attributeName(ENTITLEMENT_SET_ATTRIBUTES, ['privateModuleRegistry'], 'snake')).toBe('private_module_registry');
    expect(attributeName(ENTITLEMENT_SET_ATTRIBUTES, ['privateModuleRegistry'], 'wire')).toBe('private-module-registry');
  });
  it('is all booleans, answered only', () => {
    for (const row of Object.values(ENTITLEMENT_SET_ATTRIBUTES))
      expect({ kind: row.kind, settable: 'create' in row || 'update' in row }).toEqual({ kind: 'boolean', settable: false });
  });
  it('an organization is created with a name and an email address', () => {
    const required = Object.entries(ORGANIZATION_ATTRIBUTES).filter(([, row]) => 'required' in row && row.required === true);
    expect(required.map(([name]) => name)).toEqual(['name', 'email']);
  });
});
