export { registerBomRoutes } from './bom.ts';
