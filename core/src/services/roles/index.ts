export * from './roles.ts';
export * from './routers.ts';
export * from './menus.ts';
export * from './menu-sync.ts';
export * from './menu-overrides.ts';
