// Helpers for the constructs' unit tests: a stack in a testing app, and its synthesized JSON.
import { Testing } from 'cdktf';
import { WorkspacesStack, type WorkspacesStackProps } from './stack';

export function testStack(props: Partial<WorkspacesStackProps> = {}): WorkspacesStack {
  return new WorkspacesStack(Testing.app(), 'platform', { organization: 'acme', ...props });
}

/** The stack's cdk.tf.json as an object. */
export function synthJson(stack: WorkspacesStack): any {
  return JSON.parse(Testing.synth(stack));
}

/** The resources of one type, by logical ID. */
export function resources(stack: WorkspacesStack, type: string): Record<string, any> {
  return synthJson(stack).resource?.[type] ?? {};
}
