export * from './roles.ts';
export * from './routers.ts';
