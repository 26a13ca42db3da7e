// Terraform repeats a diagnostic once per resource (a wrong token: the same 401 for each of 30
// workspaces). The CLI shows each distinct diagnostic once, with how many resources it was about.

/** A diagnostic of `terraform apply -json` (or plan -json). */
export interface TerraformDiagnostic {
  severity?: string;
  summary?: string;
  detail?: string;
  address?: string;
}

/** Distinct diagnostics as console text: `Error: summary (3 resources: a, b, c)` then the detail. */
export function formatDiagnostics(diagnostics: TerraformDiagnostic[]): string[] {
  const groups = new Map<string, { diagnostic: TerraformDiagnostic; addresses: string[]; count: number }>();
  for (const d of diagnostics) {
    const key = JSON.stringify([d.severity, d.summary, d.detail]);
    const group = groups.get(key) ?? { diagnostic: d, addresses: [], count: 0 };
    group.count += 1;
    if (d.address && !group.addresses.includes(d.address)) group.addresses.push(d.address);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ diagnostic: d, addresses, count }) => {
    const where =
      addresses.length === 1
        ? ` (${addresses[0]})`
        : addresses.length > 1
          ? ` (${addresses.length} resources: ${listed(addresses)})`
          : count > 1
            ? ` (×${count})`
            : '';
    const detail = d.detail ? `\n  ${d.detail.replace(/\n/g, '\n  ')}` : '';
    return `${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.summary ?? ''}${where}${detail}`;
  });
}

function listed(addresses: string[], max = 10): string {
  return addresses.length <= max ? addresses.join(', ') : `${addresses.slice(0, max).join(', ')} and ${addresses.length - max} more`;
}

const START = /^(?:│ )?(Error|Warning): /;
const WITH = /^(?:│ )?\s+with ([^,\s]+),\s*$/;
const LOCATION = /^(?:│ )?\s+(on .* line \d+.*|\d+:.*)$/;

/**
 * Collapses repeated diagnostics in Terraform's human-readable output: blocks that differ only in
 * the resource (`with …`, `on … line …`) are shown once, naming the resources.
 */
export function collapseDiagnosticText(text: string): string {
  const lines = text.split('\n');
  const head: string[] = [];
  const blocks: string[][] = [];
  for (const line of lines) {
    if (START.test(line)) blocks.push([line]);
    else if (blocks.length > 0) blocks[blocks.length - 1].push(line);
    else head.push(line);
  }
  if (blocks.length < 2) return text;
  const groups = new Map<string, { block: string[]; addresses: string[]; count: number }>();
  for (const block of blocks) {
    const key = block
      .filter((l) => !WITH.test(l) && !LOCATION.test(l))
      .join('\n')
      .trim();
    const group = groups.get(key) ?? { block, addresses: [], count: 0 };
    group.count += 1;
    const address = block.map((l) => WITH.exec(l)?.[1]).find((a) => a !== undefined);
    if (address && !group.addresses.includes(address)) group.addresses.push(address);
    groups.set(key, group);
  }
  if (groups.size === blocks.length) return text;
  const out = [...head];
  for (const { block, addresses, count } of groups.values()) {
    if (count === 1) {
      out.push(...block);
      continue;
    }
    const [first, ...rest] = block.filter((l) => !WITH.test(l) && !LOCATION.test(l));
    const about = addresses.length > 0 ? `${addresses.length} resources: ${listed(addresses)}` : `×${count}`;
    out.push(`${first} (${about})`, ...rest);
  }
  return out.join('\n');
}
