export * from './app.ts';
export * from './envelope.ts';
export * from './server.ts';
export { apiResources, type MenuResource, type MenuResources } from './docs/resources.ts';
