import { renderPlanMarkdown } from './plan-markdown';
import { renderText } from './plan-report';
import { summarizePlan } from './plan-summary';

const SECRET = 'hunter2-in-plan-json';

/** Terraform's JSON plan of three variables of one workspace: plain, sensitive, write-only. */
function plan(): any {
  const variable = (key: string, before: Record<string, unknown>, after: Record<string, unknown>, sensitive: boolean) => ({
    address: `cdkws_variable.${key.toLowerCase()}`,
    type: 'cdkws_variable',
    change: {
      actions: ['update'],
      before: {
        id: `var-${key}`,
        workspace_id: 'ws-app',
        key,
        category: 'env',
        hcl: false,
        description: null,
        sensitive,
        value_wo: null,
        value_wo_version: null,
        ...before,
      },
      after: {
        id: `var-${key}`,
        workspace_id: 'ws-app',
        key,
        category: 'env',
        hcl: false,
        description: null,
        sensitive,
        value_wo: null,
        value_wo_version: null,
        ...after,
      },
      after_unknown: {},
      before_sensitive: { value: true },
      after_sensitive: { value: true },
    },
  });
  return {
    prior_state: {
      values: { root_module: { resources: [{ address: 'cdkws_workspace.app', type: 'cdkws_workspace', values: { id: 'ws-app', name: 'app' } }] } },
    },
    resource_changes: [
      variable('REGION', { value: 'eu-west-1' }, { value: 'eu-central-1' }, false),
      variable('DB_PASSWORD', { value: SECRET }, { value: `${SECRET}-2` }, true),
      variable('API_TOKEN', { value: null, value_wo_version: 1 }, { value: null, value_wo_version: 2 }, true),
      {
        address: 'cdkws_variable.new_secret',
        type: 'cdkws_variable',
        change: {
          actions: ['create'],
          before: null,
          after: {
            workspace_id: 'ws-app',
            key: 'NEW',
            category: 'terraform',
            hcl: false,
            sensitive: true,
            value: SECRET,
            value_wo: null,
            value_wo_version: null,
          },
          after_unknown: { id: true },
          after_sensitive: { value: true },
        },
      },
      variable('DESCRIBED', { value: 'same', description: 'a' }, { value: 'same', description: 'b' }, false),
    ],
  };
}

describe('variable changes in the review', () => {
  const summary = summarizePlan('prod', plan());
  const byKey = (key: string) => summary.resources.find((r) => r.address === `cdkws_variable.${key}`)!.attributes;

  it('shows a plain value old → new', () => {
    expect(byKey('region')).toEqual([expect.objectContaining({ name: 'value', before: 'eu-west-1', after: 'eu-central-1' })]);
  });

  it('says a secret changed or was set, without its value', () => {
    expect(byKey('db_password')).toEqual([{ name: 'value', before: null, after: null, forcesReplacement: false, hidden: 'changed' }]);
    expect(byKey('api_token')).toEqual([{ name: 'value', before: null, after: null, forcesReplacement: false, hidden: 'changed' }]);
    expect(byKey('new_secret').find((a) => a.name === 'value')).toMatchObject({ hidden: 'set' });
    expect(byKey('described')).toEqual([expect.objectContaining({ name: 'description', before: 'a', after: 'b' })]);
  });

  it('writes them so in the pull-request summary and the terminal, never the secret', () => {
    const markdown = renderPlanMarkdown({ stacks: [{ summary }], policy: [] });
    const text = renderText(summary, { color: false });
    for (const out of [markdown, text]) {
      expect(out).toContain('value: "eu-west-1" → "eu-central-1"');
      expect(out).toContain('value: changed (sensitive)');
      expect(out).toContain('value: set (sensitive)');
      expect(out).not.toContain(SECRET);
    }
    expect(JSON.stringify(summary)).not.toContain(SECRET);
  });
});
