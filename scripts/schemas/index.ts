export * from './enums.ts';
export * from './family-a.ts';
export * from './family-b.ts';
export * from './regions.ts';
export * from './error.ts';
