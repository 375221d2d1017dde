export * from './accounts';
export * from './common';
export * from './devices';
export * from './roles';
