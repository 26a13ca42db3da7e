// The variables part of the module `cdkws import` writes: one `addVariable` / `addEnvironmentVariable`
// per variable of a workspace, each with its import directive. A value that is not sensitive is
// written as it is; a sensitive one is never known (the service does not answer it) and is written
// as `environmentSecret(this, '<name>')`: a typed placeholder read from `TF_VAR_<name>` at plan time.
import type { Variable } from '../../client';

/** A Terraform variable name for a workspace's secret: letters, digits and `_`, not starting with a digit. */
export function secretName(workspaceName: string, key: string): string {
  const name = `${workspaceName}_${key}`.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** Code-unit order: the same on every machine and locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The statements adding a workspace's variables (`this.<field>` is its Workspace), with `quote`
 * writing string literals as the rest of the module does. `secrets` collects the environment names.
 */
export function variableStatements(
  field: string,
  workspace: { id: string; name: string },
  variables: readonly Variable[],
  quote: (text: string) => string,
  indent: string,
  secrets: string[],
): string[] {
  const sorted = [...variables].sort((a, b) => compare(a.category, b.category) || compare(a.key, b.key));
  return sorted.map((v) => {
    const method = v.category === 'env' ? 'addEnvironmentVariable' : 'addVariable';
    const options: string[] = [];
    if (v.description) options.push(`description: ${quote(v.description)}`);
    if (v.hcl) options.push('hcl: true');
    let value: string;
    if (v.sensitive) {
      const name = secretName(workspace.name, v.key);
      secrets.push(name);
      value = `environmentSecret(this, ${quote(name)})`;
      // An imported sensitive variable counts as write-only version 1: the import plans no change.
      options.push('sensitive: true', 'valueVersion: 1');
    } else {
      value = quote(v.value ?? '');
    }
    const args = [quote(v.key), value, ...(options.length > 0 ? [`{ ${options.join(', ')} }`] : [])].join(', ');
    return `${indent}this.${field}.${method}(${args}).importFrom(${quote(`${workspace.id}/${v.id}`)});`;
  });
}
