// The typed API client of the workspace service.
export { Client, type ClientOptions, type ClientEnvironmentOptions } from './client';
export * from './errors';
export * from './credentials';
export * from './pagination';
export { RateLimiter, type RateLimiterOptions } from './rate-limiter';
export { backoffDelay, type RetryOptions } from './transport';
export * from './workspace';
export * from './organization';
export * from './tag';
export * from './tag-binding';
export * from './remote-state-consumer';
export * from './change-request';
export * from './explorer';
export * from './data-retention';
export * from './account';
export * from './state-version';
