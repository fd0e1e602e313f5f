// @svar-ui/*-locales ship plain JS objects (word tables) without type declarations.
declare module '@svar-ui/core-locales' {
  export const cn: Record<string, unknown>;
  export const en: Record<string, unknown>;
}
declare module '@svar-ui/gantt-locales' {
  export const cn: Record<string, unknown>;
  export const en: Record<string, unknown>;
}
