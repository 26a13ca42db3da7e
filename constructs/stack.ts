// A Terraform stack with the cdkws provider configured (architecture "Constructs", "Provider configuration").
import type { Construct } from 'constructs';
import * as path from 'node:path';
import { LocalBackend, TerraformStack, type ISynthesisSession, type LocalBackendConfig, type TerraformBackend } from './engine';
import { layStackProvider } from '../src/provider/install';
import { PROVIDER_VERSION } from '../src/provider/version';
import { CdkwsProvider } from './gen/providers/cdkws/provider';
import { PropsChecker } from './validation';

/** Makes the stack's backend; called once with the stack as scope. */
export type WorkspacesStackBackendFactory = (stack: WorkspacesStack) => TerraformBackend;

export interface WorkspacesStackProps {
  /**
   * The organization the stack's workspaces belong to (the provider's default organization).
   */
  readonly organization: string;
  /**
   * Base URL of the service, `scheme://host[:port]` without `/api/v2`.
   * @default the provider's fallback: `CDKWS_ADDRESS`, then `TFE_HOSTNAME` (https), at plan time
   */
  readonly address?: string;
  /**
   * Where Terraform keeps the stack's state: a function that creates any cdktf backend in the
   * stack (`(stack) => new S3Backend(stack, {…})`), or the options of a local backend.
   * @default a local backend, `terraform.<stack id>.tfstate` in the directory synth runs in
   */
  readonly backend?: WorkspacesStackBackendFactory | LocalBackendConfig;
}

/**
 * A stack of workspace resources. It configures the `cdkws` provider with the organization and
 * address only: the token is never part of the configuration (it comes from `CDKWS_TOKEN`,
 * `TFE_TOKEN` or the Terraform credentials file when Terraform runs), so synth output is safe to
 * commit and review.
 *
 * The stack requires exactly the provider version this package bundles, and synth lays that
 * provider into the stack folder's implied local mirror (`terraform.d/plugins`) with a matching
 * `.terraform.lock.hcl`: the engine's own CLI (`cdktf deploy`, `cdktn diff`) and plain
 * `terraform init` in that folder then find it offline, with no extra step.
 */
export class WorkspacesStack extends TerraformStack {
  /** Returns the `WorkspacesStack` a construct belongs to, or throws. */
  public static override of(construct: Construct): WorkspacesStack {
    const stack = TerraformStack.of(construct);
    if (!(stack instanceof WorkspacesStack)) {
      throw new Error(`${construct.node.path}: workspace constructs must be created inside a WorkspacesStack`);
    }
    return stack;
  }

  public readonly organization: string;
  public readonly address?: string;
  /** The provider block (escape hatch, e.g. for `lockTimeout`). */
  public readonly provider: CdkwsProvider;
  public readonly backend: TerraformBackend;

  constructor(scope: Construct, id: string, props: WorkspacesStackProps) {
    super(scope, id);
    const checker = new PropsChecker(this);
    if (typeof props.organization !== 'string' || props.organization.trim() === '') {
      checker.fail('organization', `organization must name the organization (got ${JSON.stringify(props.organization)})`);
    }
    if (props.address !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(props.address)) {
      checker.fail('address', `address must be a base URL "scheme://host[:port]" without a path (got ${JSON.stringify(props.address)})`);
    }
    const untyped = props as unknown as Record<string, unknown>;
    if ('token' in untyped) {
      checker.fail('token', 'a token is never part of the stack: set CDKWS_TOKEN (or TFE_TOKEN, or the Terraform credentials file) where Terraform runs');
    }
    checker.throwIfAny();
    this.organization = props.organization;
    this.address = props.address?.replace(/\/$/, '');
    this.provider = new CdkwsProvider(this, 'cdkws', { organization: this.organization, address: this.address });
    this.backend = typeof props.backend === 'function' ? props.backend(this) : new LocalBackend(this, props.backend ?? {});
    // The engine's schema wants a version string, and the bundled provider is the only one there is.
    this.addOverride('terraform.required_providers.cdkws.version', PROVIDER_VERSION);
    const synthesizer = this.synthesizer;
    this.synthesizer = {
      synthesize: (session: ISynthesisSession) => {
        synthesizer.synthesize(session);
        layStackProvider(path.join(session.outdir, session.manifest.forStack(this).workingDirectory));
      },
    };
  }
}
