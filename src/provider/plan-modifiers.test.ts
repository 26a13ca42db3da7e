import type { AttributeTable } from '../contract/attribute-table';
import { applyPlan, planHook, resourcePlan } from './plan-modifiers';
import { defaultPlan } from './protocol/plan';
import type { Block } from './protocol/schema';
import type { PlanRequest } from './protocol/types';
import { Unknown, type ObjectValue } from './protocol/values';
import { hclAttributes, type NamedAttributes } from './resource';
import { resourceBlock } from './table-schema';

// A small resource: table rows (a name, a derived setting, a create-only region, a block with a
// default member) plus the provider's own attributes (an owner from the provider block, a URL
// derived from the name, an ID mirroring the name, a flag with a default).
const BLOCK_MEMBERS = {
  enabled: { wire: 'enabled', snake: 'enabled', kind: 'boolean', create: true, update: true, description: 'On.' },
  retries: { wire: 'retries', snake: 'retries', kind: 'number', default: 3, create: true, update: true, description: 'Retries.' },
  effective: {
    wire: 'effective',
    snake: 'effective',
    kind: 'boolean',
    defaultText: 'follows the mode',
    create: true,
    update: true,
    plan: { derivedFrom: ['mode'] },
    description: 'Settled by the service with the mode.',
  },
} as const satisfies AttributeTable;

const TABLE = {
  name: { wire: 'name', snake: 'name', kind: 'string', required: true, create: true, update: true, description: 'Name.' },
  mode: { wire: 'mode', snake: 'mode', kind: 'string', defaultText: 'the service decides', create: true, update: true, description: 'Mode.' },
  level: {
    wire: 'level',
    snake: 'level',
    kind: 'string',
    defaultText: 'follows the mode',
    create: true,
    update: true,
    plan: { derivedFrom: ['mode', 'version'], knownChangesOnly: ['version'] },
    description: 'Level.',
  },
  version: { wire: 'version', snake: 'version', kind: 'string', defaultText: 'latest', create: true, update: true, description: 'Version.' },
  comment: { wire: 'comment', snake: 'comment', kind: 'string', default: 'none', create: true, update: true, description: 'Comment.' },
  region: { wire: 'region', snake: 'region', kind: 'string', default: 'eu', create: true, description: 'Create only.' },
  options: { wire: 'options', snake: 'options', kind: 'object', attributes: BLOCK_MEMBERS, create: true, update: true, description: 'Options.' },
} as const satisfies AttributeTable;

const OWN = {
  id: { snake: 'id', type: 'string', computed: true, plan: { mirrors: 'name' } },
  owner: {
    snake: 'owner',
    type: 'string',
    optional: true,
    computed: true,
    requiresReplace: true,
    plan: { fromProvider: { setting: 'owner', environment: 'X_OWNER' } },
  },
  url: { snake: 'url', type: 'string', computed: true, plan: { derivedFrom: ['name'] } },
  createdAt: { snake: 'created_at', type: 'string', computed: true },
  force: { snake: 'force', type: 'bool', optional: true, computed: true, plan: { default: false } },
} as const satisfies NamedAttributes;

const fromTable = resourceBlock(TABLE);
const SCHEMA = { attributes: { ...fromTable.attributes, ...hclAttributes(OWN) }, blocks: fromTable.blocks };
const PLAN = resourcePlan({ schema: SCHEMA, table: TABLE, attributes: OWN });

const PRIOR: ObjectValue = {
  id: 'a',
  name: 'a',
  owner: 'acme',
  mode: 'fast',
  level: 'high',
  version: '1.0',
  comment: 'none',
  region: 'eu',
  url: 'https://x/a',
  created_at: 't0',
  force: false,
  options: { enabled: true, retries: 3, effective: true },
};

/** Terraform's proposal: `config`, with the prior value of each computed attribute it leaves unset. */
function proposal(attributes: Block['attributes'], prior: ObjectValue | null, config: ObjectValue): ObjectValue {
  const proposed: ObjectValue = { ...config };
  for (const [name, a] of Object.entries(attributes ?? {})) {
    if (a.computed && (config[name] === null || config[name] === undefined)) proposed[name] = prior ? (prior[name] ?? null) : null;
  }
  return proposed;
}

/** A plan request as the protocol layer makes it: Terraform's proposal through the default plan. */
function request(prior: ObjectValue | null, config: ObjectValue): PlanRequest {
  const proposed = proposal(SCHEMA.attributes, prior, config);
  for (const [name, b] of Object.entries(SCHEMA.blocks)) {
    const given = config[name];
    if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
      const before = prior?.[name];
      proposed[name] = proposal(b.block.attributes, before !== null && typeof before === 'object' && !Array.isArray(before) ? before : null, given);
    }
  }
  const def = defaultPlan(SCHEMA, prior, proposed, config);
  return { prior, proposed, config, planned: def.planned, requiresReplace: def.requiresReplace };
}

/** The configuration of PRIOR: what a user wrote, nothing the service settles. */
const CONFIG: ObjectValue = {
  name: 'a',
  owner: null,
  mode: 'fast',
  level: null,
  version: null,
  comment: null,
  region: null,
  force: null,
  options: { enabled: true, retries: null, effective: null },
};

const plan = (prior: ObjectValue | null, config: ObjectValue, settings = { owner: 'acme' }) => applyPlan(PLAN, request(prior, config), settings);

describe('defaults', () => {
  it('plan an unset attribute to its default on create and on update, and leave a set one alone', () => {
    expect(plan(null, CONFIG).planned).toMatchObject({ comment: 'none', force: false });
    expect(plan({ ...PRIOR, comment: 'old', force: true }, CONFIG).planned).toMatchObject({ comment: 'none', force: false });
    expect(plan(PRIOR, { ...CONFIG, comment: 'mine', force: true }).planned).toMatchObject({ comment: 'mine', force: true });
  });
  it('fill a block member only where the configuration gives the block', () => {
    expect(plan({ ...PRIOR, options: { enabled: true, retries: 9, effective: true } }, CONFIG).planned?.options).toEqual({
      enabled: true,
      retries: 3,
      effective: true,
    });
    expect(plan(PRIOR, { ...CONFIG, options: null }).planned?.options).toBeNull();
  });
  it('are not planned for a create-only row or a value the service decides', () => {
    const planned = plan({ ...PRIOR, region: 'us' }, CONFIG).planned;
    expect(planned).toMatchObject({ region: 'us', mode: 'fast', version: '1.0' });
  });
});

describe('the provider block', () => {
  it("fills an unset attribute from the provider's setting, else keeps the prior value", () => {
    expect(plan(null, CONFIG).planned?.owner).toBe('acme');
    expect(plan({ ...PRIOR, owner: 'old' }, CONFIG, { owner: '' }).planned?.owner).toBe('old');
    expect(plan(null, { ...CONFIG, owner: 'mine' }).planned?.owner).toBe('mine');
  });
  it('fails without a setting or a prior value, saying where to set one', () => {
    expect(() => plan(null, CONFIG, { owner: '' })).toThrow(/Missing owner/);
    try {
      plan(null, CONFIG, { owner: '' });
    } catch (err) {
      expect((err as { detail?: string }).detail).toBe('Set owner on this resource, or owner in the provider "cdkws" block (or X_OWNER).');
    }
  });
  it('replaces the resource when a new setting changes a requires-replace attribute', () => {
    const res = plan(PRIOR, CONFIG, { owner: 'other' });
    expect(res.requiresReplace).toEqual([['owner']]);
    // A replacement is planned again as a create: no derived values on the way.
    expect(plan(PRIOR, { ...CONFIG, name: 'b' }, { owner: 'other' }).planned?.url).toBe('https://x/a');
  });
});

describe('requires replace', () => {
  it("comes from the row's columns: a create-only row replaces when it changes, and nothing is derived then", () => {
    const res = plan(PRIOR, { ...CONFIG, region: 'us', mode: 'slow' });
    expect(res.requiresReplace).toEqual([['region']]);
    expect(res.planned?.level).toBe('high');
  });
  it('is not planned when nothing replaceable changes', () => {
    expect(plan(PRIOR, { ...CONFIG, comment: 'new' }).requiresReplace).toEqual([]);
  });
});

describe('derived values', () => {
  it('become unknown only when a source changes', () => {
    const renamed = plan(PRIOR, { ...CONFIG, name: 'b' }).planned;
    expect(renamed?.url).toBe(Unknown);
    expect(renamed?.level).toBe('high');
    const remoded = plan(PRIOR, { ...CONFIG, mode: 'slow' }).planned;
    expect(remoded).toMatchObject({ level: Unknown, url: 'https://x/a' });
    expect((remoded?.options as ObjectValue).effective).toBe(Unknown);
  });
  it('keep their prior value when something else changes (use state for unknown)', () => {
    const planned = plan(PRIOR, { ...CONFIG, comment: 'new' }).planned;
    expect(planned).toMatchObject({ url: 'https://x/a', level: 'high', created_at: 't0', id: 'a' });
    expect((planned?.options as ObjectValue).effective).toBe(true);
  });
  it('of attributes only the service sets are derived whatever the configuration holds for them', () => {
    expect(plan(PRIOR, { ...CONFIG, name: 'b', url: 'https://x/a' }).planned?.url).toBe(Unknown);
  });
  it('keep what the configuration sets', () => {
    const planned = plan(PRIOR, { ...CONFIG, mode: 'slow', level: 'low', options: { enabled: true, retries: null, effective: false } }).planned;
    expect(planned).toMatchObject({ level: 'low', options: { effective: false } });
  });
  it('count a source not known until apply as a change, except where they count known changes only', () => {
    expect(plan(PRIOR, { ...CONFIG, mode: Unknown }).planned?.level).toBe(Unknown);
    expect(plan(PRIOR, { ...CONFIG, version: Unknown }).planned?.level).toBe('high');
    expect(plan(PRIOR, { ...CONFIG, version: '2.0' }).planned?.level).toBe(Unknown);
  });
  it('are left to the default plan on create', () => {
    expect(plan(null, CONFIG).planned).toMatchObject({ url: Unknown, level: Unknown, id: Unknown });
  });
});

describe('mirrors', () => {
  it('plan the new value of what they mirror, unknown while it is', () => {
    expect(plan(PRIOR, { ...CONFIG, name: 'b' }).planned?.id).toBe('b');
    expect(plan(PRIOR, { ...CONFIG, name: Unknown }).planned?.id).toBe(Unknown);
    expect(plan(PRIOR, { ...CONFIG, comment: 'x' }).planned?.id).toBe('a');
  });
});

describe('declarations', () => {
  it('must name attributes the resource has', () => {
    const bad = { url: { snake: 'url', type: 'string', computed: true, plan: { derivedFrom: ['nmae'] } } } as const satisfies NamedAttributes;
    expect(() => resourcePlan({ schema: { attributes: hclAttributes(bad) }, attributes: bad })).toThrow(/names "nmae"/);
  });
  it('count known changes only of attributes they derive from', () => {
    const bad = {
      name: { snake: 'name', type: 'string', required: true },
      url: { snake: 'url', type: 'string', computed: true, plan: { derivedFrom: ['name'], knownChangesOnly: ['id'] } },
    } as const satisfies NamedAttributes;
    expect(() => resourcePlan({ schema: { attributes: hclAttributes(bad) }, attributes: bad })).toThrow(/does not derive from/);
  });
  it('stay out of the schema Terraform sees', () => {
    expect(SCHEMA.attributes.url).toEqual({ type: 'string', computed: true });
  });
});

describe('a plan hook from declarations', () => {
  const hook = planHook(PLAN, () => ({ owner: 'acme' }));
  const ctx = {} as Parameters<typeof hook>[1];
  it('says nothing when nothing departs from the default plan', () => {
    const req = request(PRIOR, { ...CONFIG, comment: null });
    expect(hook({ ...req, planned: { ...req.planned, comment: 'none', force: false, owner: 'acme' } }, ctx)).toBeUndefined();
  });
  it('returns the planned values when they depart', () => {
    expect(hook(request(PRIOR, { ...CONFIG, name: 'b' }), ctx)?.planned).toMatchObject({ id: 'b', url: Unknown });
  });
});
