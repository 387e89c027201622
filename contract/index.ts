export * from './auth';
export * from './domain';
export * from './errors';
export * from './imports';
export * from './permissions';
export * from './pricelists';
export * from './texts';
