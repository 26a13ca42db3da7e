// The workspace's plan declarations: what the service derives from what. Dropping or changing a
// declaration (the table's `plan` column or the provider's own attributes) fails here.
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import type { PlanRequest } from '../../protocol/types';
import { Unknown, type ObjectValue } from '../../protocol/values';
import { planWorkspace, WORKSPACE_PLAN } from './plan';

const derivations = (members: typeof WORKSPACE_PLAN.top) =>
  Object.fromEntries(
    members.filter((m) => m.sources.length > 0).map((m) => [m.snake, m.sources.map((s) => (s.unknownCounts ? s.snake : `${s.snake} (known changes)`))]),
  );

describe('the workspace plan declarations', () => {
  it('derive the execution settings, assessments, effective tags and the page address from what the service settles them by', () => {
    expect(derivations(WORKSPACE_PLAN.top)).toEqual({
      execution_mode: ['agent_pool_id', 'setting_overwrites'],
      agent_pool_id: ['execution_mode', 'setting_overwrites'],
      assessments_enabled: ['execution_mode', 'agent_pool_id', 'setting_overwrites', 'engine_version (known changes)'],
      effective_tags: ['tags', 'project_id (known changes)'],
      html_url: ['name (known changes)'],
    });
    expect(WORKSPACE_PLAN.blocks.map((b) => ({ block: b.snake, derived: derivations(b.members) }))).toEqual([
      { block: 'vcs_repo', derived: {} },
      {
        block: 'setting_overwrites',
        derived: {
          execution_mode: ['execution_mode', 'agent_pool_id', 'setting_overwrites'],
          agent_pool: ['execution_mode', 'agent_pool_id', 'setting_overwrites'],
        },
      },
    ]);
  });
  it("take the organization from the provider block, and every settable row's default", () => {
    const organization = WORKSPACE_PLAN.top.find((m) => m.snake === 'organization');
    expect(organization).toMatchObject({ requiresReplace: true, fromProvider: { setting: 'organization' } });
    const defaults = WORKSPACE_PLAN.top.filter((m) => m.default).map((m) => m.snake);
    expect(defaults).toEqual(expect.arrayContaining(['allow_destroy_plan', 'auto_apply', 'trigger_patterns', 'force_delete', 'ignore_additional_tags']));
    expect(WORKSPACE_ATTRIBUTES.executionMode.plan.derivedFrom).toContain('agentPoolId');
  });
});

describe('planning an update of a workspace', () => {
  const prior: ObjectValue = {
    name: 'n',
    organization: 'acme',
    html_url: 'u',
    execution_mode: 'agent',
    agent_pool_id: 'apool-1',
    assessments_enabled: true,
    engine_version: '1.5.0',
    project_id: 'prj-1',
    effective_tags: { a: '1' },
    setting_overwrites: { execution_mode: true, agent_pool: true },
  };
  const unset: ObjectValue = {
    organization: null,
    execution_mode: null,
    agent_pool_id: null,
    assessments_enabled: null,
    engine_version: null,
    project_id: null,
  };
  const plan = (config: ObjectValue) => {
    const planned = { ...prior, ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== null)) };
    const req: PlanRequest = { prior, proposed: planned, config: { name: 'n', ...unset, ...config }, planned, requiresReplace: [] };
    return planWorkspace(req, 'acme').planned ?? {};
  };

  it('leaves the settings the service settles together unknown when the execution mode changes', () => {
    const planned = plan({ execution_mode: 'remote', setting_overwrites: { execution_mode: true, agent_pool: null } });
    expect(planned).toMatchObject({
      execution_mode: 'remote',
      agent_pool_id: Unknown,
      assessments_enabled: Unknown,
      html_url: 'u',
      effective_tags: { a: '1' },
    });
    expect(planned.setting_overwrites).toEqual({ execution_mode: true, agent_pool: Unknown });
  });
  it('leaves assessments unknown when the engine changes, and nothing else', () => {
    expect(plan({ engine_version: '1.6.0' })).toMatchObject({ assessments_enabled: Unknown, execution_mode: 'agent', agent_pool_id: 'apool-1' });
    expect(plan({ engine_version: Unknown }).assessments_enabled).toBe(true);
  });
  it('leaves the effective tags unknown when the project changes', () => {
    expect(plan({ project_id: 'prj-2' }).effective_tags).toBe(Unknown);
    expect(plan({ tags: Unknown }).effective_tags).toBe(Unknown);
  });
  it('keeps everything derived when nothing it derives from changes', () => {
    expect(plan({ description: 'b' })).toMatchObject({
      html_url: 'u',
      execution_mode: 'agent',
      agent_pool_id: 'apool-1',
      assessments_enabled: true,
      effective_tags: { a: '1' },
    });
  });
});
