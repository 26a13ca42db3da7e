// Policy rules: what a rule is (a function over a workspace's props) and the built-in rules
// platform teams ask for first. Rules see literal values; a value that is a token (known only at
// apply) is not judged.
import { isExactEngineVersion } from '../src/contract';
import type { PolicySeverity } from '../src/contract/policy-report';
import { isUnresolved } from './validation';
import type { Workspace, WorkspaceProps } from './workspace';

export type { PolicySeverity };

/** One broken rule: the prop (camelCase, dotted for nested props), what is wrong, and the fix. */
export interface PolicyViolation {
  readonly attribute: string;
  readonly message: string;
  readonly fix: string;
}

/** What a rule is given besides the props. */
export interface PolicyContext {
  readonly workspace: Workspace;
  /** The construct path, e.g. `platform/networking`. */
  readonly path: string;
}

/**
 * A rule over a workspace's props. The props are the workspace's effective settings: what its
 * resource will be created with (escape hatches included), and in `tags` every key-value tag bound
 * to it by this app (`Workspace.tags` and `TagBinding`s).
 */
export interface PolicyRule {
  /** Stable ID, used in findings and `Policy.suppress`: letters, digits and `. _ : / -`. */
  readonly id: string;
  /** @default "error" (fails synth, diff and deploy) */
  readonly severity?: PolicySeverity;
  /** Returns nothing when the workspace complies. */
  readonly check: (props: WorkspaceProps, context: PolicyContext) => PolicyViolation | readonly PolicyViolation[] | undefined | void;
}

/** Options every built-in rule takes. */
export interface PolicyRuleOptions {
  /** @default "error" */
  readonly severity?: PolicySeverity;
}

const literal = (value: unknown): boolean => value !== undefined && !isUnresolved(value);

/** Built-in rules. */
export class PolicyRules {
  /** Every workspace has a key-value tag for each of `keys` (rule `required-tags`). */
  public static requiredTags(keys: readonly string[], options: PolicyRuleOptions = {}): PolicyRule {
    return {
      id: 'required-tags',
      severity: options.severity,
      check: (props) =>
        keys
          .filter((key) => !Object.prototype.hasOwnProperty.call(props.tags ?? {}, key))
          .map((key) => ({
            attribute: `tags.${key}`,
            message: `the workspace has no ${JSON.stringify(key)} tag`,
            fix: `add tags: { ${JSON.stringify(key)}: "…" } to the workspace, or a TagBinding with key ${JSON.stringify(key)}`,
          })),
    };
  }

  /** Workspace names match `pattern` (rule `name-pattern`); `description` says the convention in words. */
  public static namePattern(pattern: RegExp, options: PolicyRuleOptions & { readonly description?: string } = {}): PolicyRule {
    return {
      id: 'name-pattern',
      severity: options.severity,
      check: (props) => {
        if (!literal(props.name)) return undefined;
        pattern.lastIndex = 0;
        if (pattern.test(props.name)) return undefined;
        const convention = options.description ? `${options.description} (${pattern})` : String(pattern);
        return {
          attribute: 'name',
          message: `name ${JSON.stringify(props.name)} does not match ${convention}`,
          fix: `rename the workspace to match ${convention}`,
        };
      },
    };
  }

  /**
   * Settings a workspace tagged with every `whenTags` key and value may not have (rule
   * `forbidden-setting`), e.g. `{ whenTags: { env: "prod" }, settings: { autoApply: true } }`.
   */
  public static forbiddenSettings(
    options: PolicyRuleOptions & { readonly whenTags: Readonly<Record<string, string>>; readonly settings: Partial<WorkspaceProps>; readonly id?: string },
  ): PolicyRule {
    const when = Object.entries(options.whenTags);
    const tagged = when.map(([k, v]) => `${k}=${v}`).join(', ');
    return {
      id: options.id ?? 'forbidden-setting',
      severity: options.severity,
      check: (props) => {
        if (!when.every(([key, value]) => props.tags?.[key] === value)) return undefined;
        const found: PolicyViolation[] = [];
        for (const [name, forbidden] of Object.entries(options.settings)) {
          const actual = (props as unknown as Record<string, unknown>)[name];
          if (!literal(actual) || JSON.stringify(actual) !== JSON.stringify(forbidden)) continue;
          found.push({
            attribute: name,
            message: `${name} is ${JSON.stringify(actual)} on a workspace tagged ${tagged}`,
            fix: `leave ${name} out or set it to another value on workspaces tagged ${tagged}`,
          });
        }
        return found;
      },
    };
  }

  /** No auto-apply on workspaces with these tags, e.g. `{ env: "prod" }` (rule `no-auto-apply`). */
  public static noAutoApply(whenTags: Readonly<Record<string, string>>, options: PolicyRuleOptions = {}): PolicyRule {
    return PolicyRules.forbiddenSettings({ ...options, id: 'no-auto-apply', whenTags, settings: { autoApply: true } });
  }

  /**
   * A workspace with remote execution has a source for its runs: a VCS repository, or it runs on
   * an agent pool instead (rule `remote-execution-source`).
   */
  public static remoteExecutionNeedsVcsOrAgent(options: PolicyRuleOptions = {}): PolicyRule {
    return {
      id: 'remote-execution-source',
      severity: options.severity,
      check: (props) => {
        if (props.executionMode !== 'remote' || props.vcsRepo !== undefined) return undefined;
        return {
          attribute: 'vcsRepo',
          message: 'execution mode "remote" without a VCS repository: runs have no configuration to plan',
          fix: 'set vcsRepo, or run on an agent pool (executionMode: "agent" with agentPoolId)',
        };
      },
    };
  }

  /** The engine version is an exact version, not a constraint or the latest (rule `engine-version-pinned`). */
  public static engineVersionPinned(options: PolicyRuleOptions = {}): PolicyRule {
    return {
      id: 'engine-version-pinned',
      severity: options.severity,
      check: (props) => {
        const version = props.engineVersion;
        if (version === undefined) {
          return {
            attribute: 'engineVersion',
            message: 'engineVersion is not set: the service picks the latest release',
            fix: 'set engineVersion to an exact version, e.g. "1.11.0"',
          };
        }
        if (isUnresolved(version) || isExactEngineVersion(version)) return undefined;
        return {
          attribute: 'engineVersion',
          message: `engineVersion ${JSON.stringify(version)} is a constraint: the version can change without a code change`,
          fix: 'set engineVersion to an exact version, e.g. "1.11.0"',
        };
      },
    };
  }
}
