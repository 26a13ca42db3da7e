// Builds the fake provider into a filesystem mirror under `dir` for tests and measurements.
import * as path from 'node:path';
import { bundleProvider } from '../bundle';

export const FAKE_SOURCE = 'registry.terraform.io/cdk-workspaces/cdkws';
export const FAKE_VERSION = '0.0.1';

export function buildFakeProvider(mirrorDir: string, codeCache = true): Promise<string> {
  const entry = path.join(__dirname, 'fake-provider-main.ts');
  return bundleProvider({ entry, mirrorDir, version: FAKE_VERSION, codeCache });
}
