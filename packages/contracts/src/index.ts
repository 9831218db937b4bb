export * from './envelope.ts';
export * from './auth.ts';
export * from './roles.ts';
export * from './constants.ts';
export * from './system.ts';
export * from './market-status.ts';
