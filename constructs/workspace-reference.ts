// What other constructs need of a Workspace construct. A module of its own so that workspace.ts
// (which creates TagBindings) and tag-binding.ts (which registers keys on a workspace) do not
// import each other.
import type { IConstruct } from 'constructs';

/** A Workspace construct as other constructs see it (the `Workspace` class implements it). */
export interface IWorkspace extends IConstruct {
  /** The workspace ID (a token until apply). */
  readonly id: string;
  /** The workspace name, as given. */
  readonly name: string;
  /** Whether the workspace shares its state with the whole organization, as given. */
  readonly globalRemoteState?: boolean;
  /** @internal One tag binding per key and workspace, within the spec's limit; the problem otherwise. */
  _registerTagBindingKey(key: string, path: string): string | undefined;
  /** @internal The consumer list is replaced as a whole, so it has one owner; the problem otherwise. */
  _registerConsumers(path: string): string | undefined;
}

/** A workspace construct, or a workspace ID (`ws-…`, or a token such as another resource's `id`). */
export type WorkspaceReference = IWorkspace | string;

/** Marks Workspace constructs, also across copies of this package. */
export const WORKSPACE_SYMBOL = Symbol.for('cdk-workspaces.Workspace');

/** True for Workspace constructs (also those of another copy of this package). */
export function isWorkspaceConstruct(x: unknown): x is IWorkspace {
  return typeof x === 'object' && x !== null && (x as { [WORKSPACE_SYMBOL]?: true })[WORKSPACE_SYMBOL] === true;
}

/** The ID token of a workspace reference. */
export function workspaceIdOf(ref: WorkspaceReference): string {
  return typeof ref === 'string' ? ref : ref.id;
}
