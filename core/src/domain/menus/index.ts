export * from './builtin-menus.ts';
