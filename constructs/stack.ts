// A Terraform stack with the cdkws provider configured (design "Constructs", "Provider configuration").
import type { Construct } from 'constructs';
import { LocalBackend, TerraformStack, type LocalBackendConfig, type TerraformBackend } from 'cdktf';
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
  }
}
