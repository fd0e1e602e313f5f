export { registerCollectionRoutes } from './collections.ts';
