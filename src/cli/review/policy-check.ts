// Synth with the app's policy checks (constructs/policy.ts): each checked stack leaves a report
// beside its cdk.tf.json. Warnings go to the console and the summary; an error finding fails the
// command before anything reaches Terraform or the service.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { POLICY_REPORT_FILE, policyReportSchema, type PolicyReport } from '../../contract/policy-report';
import { CliError, StepError, withProgress, type Output } from '../common/output';
import { allFindings, describeFinding, renderPolicyText } from './plan-report';
import { synthesize, type ProjectConfig, type StackInfo } from '../common/project';

function reportFiles(outdir: string): string[] {
  const stacks = path.join(outdir, 'stacks');
  if (!existsSync(stacks)) return [];
  return readdirSync(stacks)
    .sort()
    .map((name) => path.join(stacks, name, POLICY_REPORT_FILE))
    .filter((file) => existsSync(file));
}

/** The policy reports of the last synth, one per checked stack. */
export function readPolicyReports(outdir: string): PolicyReport[] {
  return reportFiles(outdir).map((file) => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new CliError(`${file} is not valid JSON: ${(error as Error).message}; run synth again`);
    }
    const parsed = policyReportSchema.safeParse(json);
    if (!parsed.success)
      throw new CliError(`${file} is not a policy report this cdkws understands (${parsed.error.issues[0].message}): update cdk-workspaces in the app`);
    return parsed.data;
  });
}

/** Error findings stopped the command; `policy` holds every report, for the summary. */
export class PolicyError extends StepError {
  constructor(public readonly policy: PolicyReport[]) {
    const errors = allFindings(policy).filter((f) => f.severity === 'error');
    const lines = errors.map((f) => `  ${describeFinding(f)}`);
    super(
      'policy',
      `policy check failed with ${errors.length} error${errors.length === 1 ? '' : 's'} (nothing was sent to the service):\n${lines.join('\n')}\nfix them, or suppress one with Policy.suppress(construct, ruleId, reason)`,
    );
    this.name = 'PolicyError';
  }
}

export interface SynthResult {
  stacks: StackInfo[];
  policy: PolicyReport[];
}

/** Synthesizes the app, prints the policy findings, and fails on an error finding. */
export async function synthesizeChecked(output: Output, config: ProjectConfig): Promise<SynthResult> {
  // A report left by an earlier synth must not speak for this one.
  for (const file of reportFiles(config.outdir)) rmSync(file, { force: true });
  let stacks: StackInfo[];
  try {
    stacks = await withProgress(output, 'Synthesizing', () => synthesize(config));
  } catch (error) {
    const policy = safeReports(config.outdir);
    if (allFindings(policy).some((f) => f.severity === 'error')) {
      output.err(renderPolicyText(policy, output, { errors: false }));
      throw new PolicyError(policy);
    }
    if (error instanceof StepError) throw error;
    throw new StepError('synth', error instanceof Error ? error.message : String(error));
  }
  const policy = readPolicyReports(config.outdir);
  const failed = allFindings(policy).some((f) => f.severity === 'error');
  output.err(renderPolicyText(policy, output, { errors: !failed }));
  if (failed) throw new PolicyError(policy);
  return { stacks, policy };
}

/** The reports of a failed synth; an unreadable one is left out (the synth error is what matters). */
function safeReports(outdir: string): PolicyReport[] {
  try {
    return readPolicyReports(outdir);
  } catch {
    return [];
  }
}
