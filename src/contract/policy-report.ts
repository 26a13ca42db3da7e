// The policy report a stack's synth writes beside its cdk.tf.json (constructs/policy.ts) and the
// CLI reads for the console and the pull-request summary: findings and suppressions, per stack.
import { z } from 'zod';

/** Written to `<outdir>/stacks/<stack>/<POLICY_REPORT_FILE>` by every stack a `Policy` checks. */
export const POLICY_REPORT_FILE = 'cdkws-policy.json';

export const policySeveritySchema = z.enum(['error', 'warning']);
export type PolicySeverity = z.infer<typeof policySeveritySchema>;

export const policyFindingSchema = z.object({
  /** The construct path, e.g. `platform/networking`. */
  path: z.string(),
  /** The workspace's name, when it is a literal. */
  workspace: z.string().optional(),
  ruleId: z.string(),
  severity: policySeveritySchema,
  /** The prop (camelCase, dotted for nested props), e.g. `autoApply` or `tags.team`. */
  attribute: z.string(),
  message: z.string(),
  fix: z.string(),
});
export type PolicyFinding = z.infer<typeof policyFindingSchema>;

export const policySuppressionSchema = z.object({
  path: z.string(),
  ruleId: z.string(),
  reason: z.string(),
  /** How many findings this suppression silenced in this stack. */
  suppressed: z.number().int().nonnegative(),
});
export type PolicySuppression = z.infer<typeof policySuppressionSchema>;

export const policyReportSchema = z.object({
  version: z.literal(1),
  stack: z.string(),
  findings: z.array(policyFindingSchema),
  suppressions: z.array(policySuppressionSchema),
});
export type PolicyReport = z.infer<typeof policyReportSchema>;
