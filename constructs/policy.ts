// Policy checks at synth (issue "policy checks"): rules over each workspace's props, applied to a
// stack or an app as an Aspect, like cdk-nag rule packs. A finding is an annotation on the
// workspace (an error fails synth in cdkws and in the engine's own CLI, so nothing reaches the
// service) and a line of the stack's policy report, which `cdkws diff` puts in the pull request.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IConstruct } from 'constructs';
import { Annotations, App, Aspects, TerraformStack, type IAspect } from './engine';
import { POLICY_REPORT_FILE, type PolicyFinding, type PolicyReport, type PolicySuppression } from '../src/contract/policy-report';
import { PolicyRules, type PolicyRule, type PolicyViolation } from './policy-rules';
import { TagBinding } from './tag-binding';
import { isUnresolved } from './validation';
import { configurableRows, WORKSPACE_ATTRIBUTES } from '../src/contract';
import { Workspace, type WorkspaceProps } from './workspace';

export { PolicyRules };
export type { PolicyRule, PolicyViolation };
export type { PolicyContext, PolicyRuleOptions, PolicySeverity } from './policy-rules';

const SUPPRESSION = 'cdkws:policy-suppression';
const RULE_ID = /^[A-Za-z0-9._:/-]+$/;

export interface PolicyProps {
  /** The rules to check: built-in (`PolicyRules`) and your own. */
  readonly rules: readonly PolicyRule[];
}

/**
 * Findings of one stack, written beside its cdk.tf.json (`<outdir>/stacks/<stack id>/`, the
 * engine's layout) as they are found: aspects run before the engine stops on an error annotation,
 * and the engine offers libraries no hook after them, so the file is complete when synth stops.
 */
class StackReport {
  readonly findings: PolicyFinding[] = [];
  readonly counts = new Map<string, number>();
  private written = false;

  constructor(private readonly stack: TerraformStack) {}

  /** Writes the report when it changed (or was never written). */
  write(changed: boolean): void {
    if (this.written && !changed) return;
    const outdir = App.of(this.stack).outdir;
    const dir = path.join(outdir, 'stacks', this.stack.node.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, POLICY_REPORT_FILE), `${JSON.stringify(this.report(), null, 2)}\n`);
    this.written = true;
  }

  report(): PolicyReport {
    const suppressions: PolicySuppression[] = [];
    for (const construct of this.stack.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== SUPPRESSION) continue;
        const { ruleId, reason } = entry.data as { ruleId: string; reason: string };
        suppressions.push({ path: construct.node.path, ruleId, reason, suppressed: this.counts.get(`${construct.node.path}\0${ruleId}`) ?? 0 });
      }
    }
    const findings = [...this.findings].sort(
      (a, b) => a.path.localeCompare(b.path) || a.ruleId.localeCompare(b.ruleId) || a.attribute.localeCompare(b.attribute),
    );
    return { version: 1, stack: this.stack.node.id, findings, suppressions };
  }
}

const reports = new WeakMap<TerraformStack, StackReport>();

function reportOf(stack: TerraformStack): StackReport {
  let report = reports.get(stack);
  if (!report) {
    report = new StackReport(stack);
    reports.set(stack, report);
  }
  return report;
}

/** Key-value tag bindings of the workspace in this app: its resource's own `tags` and every TagBinding (the `tags` prop). */
function tagBindingsOf(workspace: Workspace, stack: TerraformStack): Record<string, string> {
  const bindings: Record<string, string> = { ...workspace.resource.tagsInput };
  for (const node of stack.node.findAll()) {
    if (node instanceof TagBinding && node.resource.workspaceIdInput === workspace.id) bindings[node.key] = node.value;
  }
  return bindings;
}

/** The workspace's effective settings as props: what its resource will be created with. */
function propsOf(workspace: Workspace, stack: TerraformStack): WorkspaceProps {
  const r = workspace.resource;
  // The table's attributes as the resource's inputs (`<row key>Input`), then the construct's own props.
  const inputs = r as unknown as Record<string, unknown>;
  const props: Record<string, unknown> = {};
  for (const [name] of configurableRows(WORKSPACE_ATTRIBUTES)) props[name] = inputs[`${name}Input`];
  Object.assign(props, {
    organization: r.organizationInput,
    tagNames: r.tagNamesInput,
    tags: tagBindingsOf(workspace, stack),
    forceDelete: r.forceDeleteInput,
    preventDestroy: r.lifecycle?.preventDestroy,
  });
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props as unknown as WorkspaceProps;
}

/** Suppressions that apply to `construct`: its own and its scopes'. */
function suppressionFor(construct: IConstruct, ruleId: string): string | undefined {
  for (const scope of [...construct.node.scopes].reverse()) {
    for (const entry of scope.node.metadata) {
      if (entry.type === SUPPRESSION && (entry.data as { ruleId: string }).ruleId === ruleId) return scope.node.path;
    }
  }
  return undefined;
}

/**
 * Checks every workspace of a stack or an app against rules when it is synthesized. Apply it with
 * `Policy.apply(appOrStack, { rules })` (or `Aspects.of(stack).add(new Policy({ rules }))`).
 * Findings of severity `error` fail synth; warnings are reported (console, pull-request summary).
 */
export class Policy implements IAspect {
  /**
   * Applies a policy to a stack, or to every stack of an app (the engine runs aspects per stack,
   * so for an app it is added to each stack, including stacks created later, before synth).
   */
  public static apply(scope: IConstruct, props: PolicyProps): Policy {
    const policy = new Policy(props);
    const stacks = () => scope.node.findAll().filter((c): c is TerraformStack => TerraformStack.isStack(c));
    const attach = () => {
      for (const stack of stacks()) if (!Aspects.of(stack).all.includes(policy)) Aspects.of(stack).add(policy);
    };
    if (scope.node.scopes.some((c) => TerraformStack.isStack(c))) Aspects.of(scope).add(policy);
    else attach();
    const root = scope.node.root;
    if (!App.isApp(root)) return policy;
    // An app of another copy of the engine (e.g. cdktn beside the cdktf this package was built with)
    // keeps its aspects in a store of its own and never runs these: check its workspaces ourselves.
    const foreign = !(root instanceof App);
    const synth = root.synth.bind(root);
    root.synth = () => {
      attach();
      if (foreign) for (const node of scope.node.findAll()) policy.visit(node);
      synth();
    };
    return policy;
  }

  /**
   * Silences `ruleId` for `construct` and everything in it. The reason is required and shows in the
   * summary, so a reviewer sees every exception.
   */
  public static suppress(construct: IConstruct, ruleId: string, reason: string): void {
    if (typeof ruleId !== 'string' || !RULE_ID.test(ruleId))
      throw new Error(`${construct.node.path}: Policy.suppress needs a rule ID such as "required-tags" (got ${JSON.stringify(ruleId)})`);
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new Error(`${construct.node.path}: Policy.suppress of ${ruleId} needs a reason: say why the rule does not apply here`);
    construct.node.addMetadata(SUPPRESSION, { ruleId, reason: reason.trim() });
  }

  /** The stack's findings and suppressions so far (after synth, or `Testing.synth`). */
  public static reportOf(stack: TerraformStack): PolicyReport {
    return reportOf(stack).report();
  }

  private readonly rules: readonly PolicyRule[];
  private readonly checked = new WeakSet<Workspace>();

  constructor(props: PolicyProps) {
    const seen = new Set<string>();
    for (const rule of props.rules ?? []) {
      if (!rule || typeof rule.id !== 'string' || !RULE_ID.test(rule.id))
        throw new Error(`Policy: each rule needs an id of letters, digits and ". _ : / -" (got ${JSON.stringify(rule?.id)})`);
      if (typeof rule.check !== 'function') throw new Error(`Policy: rule ${rule.id} needs a check function`);
      if (rule.severity !== undefined && rule.severity !== 'error' && rule.severity !== 'warning')
        throw new Error(`Policy: rule ${rule.id}: severity must be "error" or "warning" (got ${JSON.stringify(rule.severity)})`);
      if (seen.has(rule.id)) throw new Error(`Policy: two rules have the id ${rule.id}: give one its own id`);
      seen.add(rule.id);
    }
    this.rules = props.rules;
  }

  public visit(node: IConstruct): void {
    if (!Workspace.isWorkspace(node) || this.checked.has(node)) return;
    this.checked.add(node);
    const stack = TerraformStack.of(node);
    const report = reportOf(stack);
    const props = propsOf(node, stack);
    const path = node.node.path;
    const workspace = typeof props.name === 'string' && !isUnresolved(props.name) ? props.name : undefined;
    let changed = false;
    for (const rule of this.rules) {
      let result: ReturnType<PolicyRule['check']>;
      try {
        result = rule.check(props, { workspace: node, path });
      } catch (error) {
        throw new Error(`${path}: policy rule ${rule.id} failed: ${(error as Error).message}`);
      }
      const violations = result === undefined ? [] : Array.isArray(result) ? (result as readonly PolicyViolation[]) : [result as PolicyViolation];
      for (const violation of violations) {
        changed = true;
        const suppressedBy = suppressionFor(node, rule.id);
        if (suppressedBy !== undefined) {
          const key = `${suppressedBy}\0${rule.id}`;
          report.counts.set(key, (report.counts.get(key) ?? 0) + 1);
          continue;
        }
        const severity = rule.severity ?? 'error';
        report.findings.push({
          path,
          ...(workspace ? { workspace } : {}),
          ruleId: rule.id,
          severity,
          attribute: violation.attribute,
          message: violation.message,
          fix: violation.fix,
        });
        const text = `[cdkws policy] ${rule.id}: ${violation.attribute}: ${violation.message}; fix: ${violation.fix}`;
        if (severity === 'error') Annotations.of(node).addError(text);
        else Annotations.of(node).addWarning(text);
      }
    }
    report.write(changed);
  }
}
