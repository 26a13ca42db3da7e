// The provider's version and source address. The version is package.json's, inlined by the bundler.
import { version } from '../../package.json';

export const PROVIDER_VERSION: string = version;
export const PROVIDER_HOSTNAME = 'registry.terraform.io';
export const PROVIDER_NAMESPACE = 'cdk-workspaces';
export const PROVIDER_TYPE = 'cdkws';
export const PROVIDER_SOURCE = `${PROVIDER_HOSTNAME}/${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}`;
