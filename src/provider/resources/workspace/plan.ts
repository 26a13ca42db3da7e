// PlanResourceChange for `cdkws_workspace`: its declarations, applied by the provider's planner
// (plan-modifiers.ts). The table's rows declare their defaults and what the service derives from
// what (their `plan` column); the provider's own attributes declare theirs in schema.ts
// (organization from the provider block, html_url and effective_tags derived on update).
import { applyPlan, resourcePlan } from '../../plan-modifiers';
import type { PlanRequest, PlanResult } from '../../protocol/types';
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import { PROVIDER_ATTRIBUTES, workspaceSchema } from './schema';

/** The workspace's plan declarations, resolved once per process. */
export const WORKSPACE_PLAN = resourcePlan({ schema: workspaceSchema, table: WORKSPACE_ATTRIBUTES, attributes: PROVIDER_ATTRIBUTES });

export function planWorkspace(req: PlanRequest, defaultOrganization: string | null): PlanResult {
  return applyPlan(WORKSPACE_PLAN, req, { organization: defaultOrganization });
}
