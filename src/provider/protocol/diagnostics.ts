// Diagnostics: what hooks report to Terraform instead of throwing. Terraform shows the summary and
// detail, and points at the configuration when a path is given.
import * as pb from './messages';

/**
 * One step of an attribute path: a string is an attribute name, a number an index into a list or
 * tuple, `{ key }` a map key.
 */
export type PathStep = string | number | { key: string };
export type AttributePath = readonly PathStep[];

export interface Diagnostic {
  severity: 'error' | 'warning';
  summary: string;
  detail?: string;
  path?: AttributePath;
}

export function error(summary: string, detail?: string, path?: AttributePath): Diagnostic {
  return { severity: 'error', summary, detail, path };
}

export function warning(summary: string, detail?: string, path?: AttributePath): Diagnostic {
  return { severity: 'warning', summary, detail, path };
}

export function hasErrors(diags: readonly Diagnostic[] | undefined): boolean {
  return !!diags && diags.some((d) => d.severity === 'error');
}

/** An error that carries its own diagnostic fields; throw it from a hook to control the message. */
export class DiagnosticError extends Error {
  constructor(
    readonly summary: string,
    readonly detail?: string,
    readonly path?: AttributePath,
  ) {
    super(detail ? `${summary}: ${detail}` : summary);
  }
}

/**
 * Turns anything thrown into an error diagnostic, so a failing hook never crashes the plugin.
 * `summary` says what was being done (e.g. "Failed to create cdkws_workspace").
 */
export function diagnosticFromError(err: unknown, summary = 'Provider error'): Diagnostic {
  if (err instanceof DiagnosticError) return error(err.summary, err.detail, err.path);
  if (err instanceof Error) {
    const detail = err.message || err.name;
    // Stack traces help while developing a provider; users get them with TF_LOG on stderr instead.
    if (process.env.CDKWS_PROVIDER_DEBUG && err.stack) return error(summary, `${detail}\n\n${err.stack}`);
    return error(summary, detail);
  }
  return error(summary, String(err));
}

export function pathToProtocol(path: AttributePath): pb.AttributePath {
  return {
    steps: path.map((s) => (typeof s === 'string' ? { attributeName: s } : typeof s === 'number' ? { elementKeyInt: s } : { elementKeyString: s.key })),
  };
}

export function pathFromProtocol(path: pb.AttributePath): PathStep[] {
  return path.steps.map((s) =>
    s.attributeName !== undefined ? s.attributeName : s.elementKeyInt !== undefined ? s.elementKeyInt : { key: s.elementKeyString ?? '' },
  );
}

export function toProtocol(d: Diagnostic): pb.Diagnostic {
  return {
    severity: d.severity === 'error' ? pb.Severity.ERROR : pb.Severity.WARNING,
    summary: d.summary,
    detail: d.detail ?? '',
    attribute: d.path && d.path.length > 0 ? pathToProtocol(d.path) : undefined,
  };
}

/** Human-readable form of a path, e.g. `vcs_repo[0].branch`, for messages. */
export function formatPath(path: AttributePath): string {
  let out = '';
  for (const s of path) {
    if (typeof s === 'string') out += out ? `.${s}` : s;
    else if (typeof s === 'number') out += `[${s}]`;
    else out += `[${JSON.stringify(s.key)}]`;
  }
  return out;
}
