import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Construct } from 'constructs';
import { Aspects, Testing, type App } from 'cdktf';
import { POLICY_REPORT_FILE, policyReportSchema } from '../src/contract/policy-report';
import { Policy, PolicyRules, TagBinding, Workspace, WorkspacesStack, type PolicyRule } from './index';

function appWithStack(): { app: App; stack: WorkspacesStack } {
  const app = Testing.app();
  return { app, stack: new WorkspacesStack(app, 'platform', { organization: 'acme' }) };
}

function reportFile(app: App, stack = 'platform'): any {
  const file = path.join(app.outdir, 'stacks', stack, POLICY_REPORT_FILE);
  return policyReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

describe('built-in rules', () => {
  it('required-tags: names each missing key as tags.<key>, counting TagBindings and Workspace.tags', () => {
    const { stack } = appWithStack();
    const ws = new Workspace(stack, 'net', { name: 'net', tags: { team: 'net' } });
    new TagBinding(stack, 'net-cost', { workspace: ws, key: 'cost-center', value: '42' });
    new Workspace(stack, 'bare', { name: 'bare' });
    Aspects.of(stack).add(new Policy({ rules: [PolicyRules.requiredTags(['team', 'cost-center'], { severity: 'warning' })] }));
    Testing.synth(stack);
    const findings = Policy.reportOf(stack).findings;
    expect(findings.map((f) => `${f.path} ${f.ruleId} ${f.attribute} ${f.severity}`)).toEqual([
      'platform/bare required-tags tags.cost-center warning',
      'platform/bare required-tags tags.team warning',
    ]);
    expect(findings[1]).toMatchObject({
      workspace: 'bare',
      message: 'the workspace has no "team" tag',
      fix: expect.stringContaining('add tags: { "team": "…" }'),
    });
  });

  it('name-pattern, no-auto-apply on env=prod, remote execution without VCS or agent pool, engine version pinned', () => {
    const { stack } = appWithStack();
    new Workspace(stack, 'prod', { name: 'Payments_Prod', autoApply: true, tags: { env: 'prod' }, executionMode: 'remote', engineVersion: '~> 1.5' });
    new Workspace(stack, 'dev', {
      name: 'payments-dev',
      autoApply: true,
      tags: { env: 'dev' },
      executionMode: 'agent',
      agentPoolId: 'apool-1',
      engineVersion: '1.11.0',
    });
    const rules = [
      PolicyRules.namePattern(/^[a-z][a-z0-9-]*$/, { description: 'lower-case words joined by -' }),
      PolicyRules.noAutoApply({ env: 'prod' }),
      PolicyRules.remoteExecutionNeedsVcsOrAgent(),
      PolicyRules.engineVersionPinned({ severity: 'warning' }),
    ];
    Policy.apply(stack, { rules });
    Testing.synth(stack);
    expect(Policy.reportOf(stack).findings.map((f) => [f.path, f.ruleId, f.attribute, f.severity, f.message])).toEqual([
      [
        'platform/prod',
        'engine-version-pinned',
        'engineVersion',
        'warning',
        'engineVersion "~> 1.5" is a constraint: the version can change without a code change',
      ],
      ['platform/prod', 'name-pattern', 'name', 'error', 'name "Payments_Prod" does not match lower-case words joined by - (/^[a-z][a-z0-9-]*$/)'],
      ['platform/prod', 'no-auto-apply', 'autoApply', 'error', 'autoApply is true on a workspace tagged env=prod'],
      ['platform/prod', 'remote-execution-source', 'vcsRepo', 'error', 'execution mode "remote" without a VCS repository: runs have no configuration to plan'],
    ]);
  });

  it('sees settings changed through the escape hatch (the resource), not only the props', () => {
    const { stack } = appWithStack();
    const ws = new Workspace(stack, 'prod', { name: 'prod', tags: { env: 'prod' } });
    ws.resource.autoApply = true;
    Policy.apply(stack, { rules: [PolicyRules.noAutoApply({ env: 'prod' })] });
    Testing.synth(stack);
    expect(Policy.reportOf(stack).findings.map((f) => f.attribute)).toEqual(['autoApply']);
  });
});

describe('user rules', () => {
  const noDescription: PolicyRule = {
    id: 'acme/description',
    severity: 'warning',
    check: (props) =>
      props.description ? undefined : { attribute: 'description', message: 'no description', fix: 'say what the workspace manages in description' },
  };

  it('are functions over the props, reported with the construct path, rule, attribute and fix', () => {
    const { stack } = appWithStack();
    new Workspace(stack, 'a', { name: 'a' });
    new Workspace(stack, 'b', { name: 'b', description: 'manages b' });
    Policy.apply(stack, { rules: [noDescription] });
    Testing.synth(stack);
    expect(Policy.reportOf(stack).findings).toEqual([
      {
        path: 'platform/a',
        workspace: 'a',
        ruleId: 'acme/description',
        severity: 'warning',
        attribute: 'description',
        message: 'no description',
        fix: 'say what the workspace manages in description',
      },
    ]);
  });

  it('are checked: an id, a check function, one rule per id', () => {
    expect(() => new Policy({ rules: [{ id: 'has space', check: () => undefined }] })).toThrow(/each rule needs an id/);
    expect(() => new Policy({ rules: [noDescription, noDescription] })).toThrow('two rules have the id acme/description');
    expect(() => new Policy({ rules: [{ id: 'x', severity: 'fatal' as never, check: () => undefined }] })).toThrow('severity must be "error" or "warning"');
  });

  it('that throw name the rule and the construct', () => {
    const { stack } = appWithStack();
    new Workspace(stack, 'a', { name: 'a' });
    Policy.apply(stack, {
      rules: [
        {
          id: 'broken',
          check: () => {
            throw new Error('oops');
          },
        },
      ],
    });
    expect(() => Testing.synth(stack)).toThrow('platform/a: policy rule broken failed: oops');
  });
});

describe('synth', () => {
  it('fails on an error finding, naming the construct and the rule, after writing the report for cdkws', () => {
    const { app, stack } = appWithStack();
    new Workspace(stack, 'prod', { name: 'prod', autoApply: true, tags: { env: 'prod' } });
    Policy.apply(app, { rules: [PolicyRules.noAutoApply({ env: 'prod' })] });
    expect(() => app.synth()).toThrow(/\[platform\/prod\] \[cdkws policy\] no-auto-apply: autoApply: autoApply is true on a workspace tagged env=prod; fix: /);
    expect(reportFile(app).findings).toHaveLength(1);
    expect(existsSync(path.join(app.outdir, 'stacks', 'platform', 'cdk.tf.json'))).toBe(false);
  });

  it('succeeds with warnings, which are annotations in the manifest and findings in the report', () => {
    const { app, stack } = appWithStack();
    new Workspace(stack, 'a', { name: 'a' });
    Policy.apply(app, { rules: [PolicyRules.engineVersionPinned({ severity: 'warning' })] });
    app.synth();
    const manifest = JSON.parse(readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
    expect(manifest.stacks.platform.annotations).toEqual([
      expect.objectContaining({ constructPath: 'platform/a', level: '@cdktf/warn', message: expect.stringContaining('engine-version-pinned') }),
    ]);
    expect(reportFile(app)).toMatchObject({
      version: 1,
      stack: 'platform',
      findings: [{ ruleId: 'engine-version-pinned', severity: 'warning' }],
      suppressions: [],
    });
  });

  it('applied to an app, checks stacks created after it too', () => {
    const app = Testing.app();
    Policy.apply(app, { rules: [PolicyRules.engineVersionPinned({ severity: 'warning' })] });
    const later = new WorkspacesStack(app, 'later', { organization: 'acme' });
    new Workspace(later, 'a', { name: 'a' });
    app.synth();
    expect(reportFile(app, 'later').findings.map((f: any) => f.path)).toEqual(['later/a']);
  });
});

describe('an app of another copy of the engine (cdktn beside cdktf)', () => {
  /** Looks like an App to the engine (the shared marker), but is not this package's App class. */
  class ForeignApp extends Construct {
    readonly outdir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-foreign-'));
    synthesized = false;
    constructor() {
      super(undefined as never, '');
      Object.defineProperty(this, Symbol.for('cdktf/App'), { value: true });
    }
    synth(): void {
      this.synthesized = true;
    }
  }

  it('has its workspaces checked when it synthesizes, though its aspects live elsewhere', () => {
    const app = new ForeignApp();
    const stack = new WorkspacesStack(app, 'platform', { organization: 'acme' });
    new Workspace(stack, 'a', { name: 'a' });
    Policy.apply(app, { rules: [PolicyRules.engineVersionPinned({ severity: 'warning' })] });
    app.synth();
    expect(app.synthesized).toBe(true);
    expect(Policy.reportOf(stack).findings.map((f) => `${f.path} ${f.ruleId}`)).toEqual(['platform/a engine-version-pinned']);
    expect(JSON.parse(readFileSync(path.join(app.outdir, 'stacks', 'platform', POLICY_REPORT_FILE), 'utf8')).findings).toHaveLength(1);
  });
});

describe('Policy.suppress', () => {
  it('silences a rule for a construct and what it contains, and the report lists it with its reason and count', () => {
    const { app, stack } = appWithStack();
    const legacy = new Workspace(stack, 'legacy', { name: 'legacy', autoApply: true, tags: { env: 'prod' } });
    new Workspace(stack, 'other', { name: 'other', autoApply: true, tags: { env: 'prod' } });
    Policy.suppress(legacy, 'no-auto-apply', 'retired in Q3; nobody applies to it');
    Policy.suppress(stack, 'required-tags', 'tags come from the project');
    Policy.apply(app, { rules: [PolicyRules.noAutoApply({ env: 'prod' }, { severity: 'warning' }), PolicyRules.requiredTags(['team'])] });
    app.synth();
    const report = reportFile(app);
    expect(report.findings.map((f: any) => `${f.path} ${f.ruleId}`)).toEqual(['platform/other no-auto-apply']);
    expect(report.suppressions).toEqual([
      { path: 'platform', ruleId: 'required-tags', reason: 'tags come from the project', suppressed: 2 },
      { path: 'platform/legacy', ruleId: 'no-auto-apply', reason: 'retired in Q3; nobody applies to it', suppressed: 1 },
    ]);
  });

  it('needs a rule id and a reason', () => {
    const { stack } = appWithStack();
    expect(() => Policy.suppress(stack, 'required-tags', '  ')).toThrow('platform: Policy.suppress of required-tags needs a reason');
    expect(() => Policy.suppress(stack, '', 'because')).toThrow(/needs a rule ID/);
  });
});
