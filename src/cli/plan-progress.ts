// "N of M" while Terraform plans: M is what the synthesized stack declares, N the resources
// `terraform plan -json` has reached (refreshed, planned, or read for a data source).
import { readFileSync } from 'node:fs';
import type { TerraformDiagnostic } from './diagnostics';

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

/** Resource and data blocks of a synthesized stack (instances of count/for_each count once). */
export function declaredResourceCount(synthesizedStackPath: string): number {
  const config = JSON.parse(readFileSync(synthesizedStackPath, 'utf8')) as { resource?: Record<string, object>; data?: Record<string, object> };
  const count = (blocks: Record<string, object> | undefined) => Object.values(blocks ?? {}).reduce((sum, byName) => sum + Object.keys(byName).length, 0);
  return count(config.resource) + count(config.data);
}

const REACHED = new Set(['refresh_complete', 'planned_change', 'apply_complete', 'resource_drift']);

/** Counts the resources a plan has reached; `text()` is "N of M" (M grows if count/for_each expand). */
export class PlanProgress {
  private readonly reached = new Set<string>();

  constructor(private readonly declared: number) {}

  /** True when the event moved the count. */
  observe(event: TerraformEvent): boolean {
    if (!event.type || !REACHED.has(event.type)) return false;
    const address = event.hook?.resource?.addr ?? event.change?.resource?.addr;
    if (!address || this.reached.has(address)) return false;
    this.reached.add(address);
    return true;
  }

  text(): string {
    return `${this.reached.size} of ${Math.max(this.declared, this.reached.size)}`;
  }
}
