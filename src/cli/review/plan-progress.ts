// Progress of `terraform plan -json` and `apply -json`. Planning shows how many resources Terraform
// has reached: it tells no total while it plans, so none is guessed. Applying shows "N of M", M
// being the changes of the plan as Terraform counts them (a replacement is a destroy and a create);
// objects adopted by import directives were read at plan time, so they are counted apart.
import type { TerraformDiagnostic } from '../common/diagnostics';

/** One line of `terraform plan -json` or `apply -json`, as far as the CLI reads it. */
export interface TerraformEvent {
  type?: string;
  '@message'?: string;
  hook?: { resource?: { addr?: string } };
  change?: { resource?: { addr?: string } };
  diagnostic?: TerraformDiagnostic;
}

export function parseEvent(line: string): TerraformEvent | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as TerraformEvent;
  } catch {
    return undefined;
  }
}

const REACHED = new Set(['refresh_complete', 'planned_change', 'apply_complete', 'resource_drift']);

/** Counts the resources a plan has reached (refreshed, planned, or read for a data source). */
export class PlanProgress {
  private readonly reached = new Set<string>();

  /** True when the event moved the count. */
  observe(event: TerraformEvent): boolean {
    if (!event.type || !REACHED.has(event.type)) return false;
    const address = event.hook?.resource?.addr ?? event.change?.resource?.addr;
    if (!address || this.reached.has(address)) return false;
    this.reached.add(address);
    return true;
  }

  text(): string {
    return `${this.reached.size} resource${this.reached.size === 1 ? '' : 's'} planned`;
  }
}

/** What a saved plan does, in Terraform's counts (`add`, `change`, `destroy`; `import`: adopted as they are or with a change). */
export interface PlanCounts {
  import: number;
  add: number;
  change: number;
  destroy: number;
}

/** "N of M" while a plan is applied: one step per create, update and destroy Terraform completes. */
export class ApplyProgress {
  private done = 0;
  private readonly total: number;

  constructor(private readonly counts: PlanCounts) {
    this.total = counts.add + counts.change + counts.destroy;
  }

  /** True when the event completed a change. */
  observe(event: TerraformEvent): boolean {
    if (event.type !== 'apply_complete') return false;
    this.done = Math.min(this.done + 1, this.total);
    return true;
  }

  text(): string {
    const imported = this.counts.import > 0 ? `${this.counts.import} imported` : '';
    if (this.total === 0) return imported || 'nothing to change';
    return `${this.done} of ${this.total} changes${imported ? `, ${imported}` : ''}`;
  }
}
