export * from './jsonapi';
export * from './permissions';
export * from './engine-version';
export * from './tag-binding';
export * from './workspace';
