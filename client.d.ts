export * from './dist/src/client';
