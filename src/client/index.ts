// The typed API client of the workspace service.
export { Client, type ClientOptions, type ClientEnvironmentOptions } from './client';
export * from './errors';
export * from './credentials';
export * from './pagination';
export { RateLimiter, type RateLimiterOptions } from './rate-limiter';
export { backoffDelay, type RetryOptions } from './transport';
// Every resource API (src/client/<name>.ts), gathered by `npm run generate`.
export * from './apis.generated';
