// List parameters: query parameters that carry several entries (`search[tags]`, `filter[tagged]`,
// `include`, …). Each entry costs the service work, so every such parameter has one bound.

/**
 * The most entries any list parameter may carry. A list filtered by 50 tags still answers at the
 * speed of an unfiltered one (docs/service.md "Limits"); more entries are refused, not truncated,
 * so a request never silently means something wider than it says.
 */
export const MAX_LIST_PARAMETER_ENTRIES = 50;

/** Why a list parameter with `count` entries is refused, or null when it is within the bound. */
export function listParameterProblem(parameter: string, count: number): string | null {
  if (count <= MAX_LIST_PARAMETER_ENTRIES) return null;
  return `${parameter} has ${count} entries; at most ${MAX_LIST_PARAMETER_ENTRIES} are allowed`;
}
