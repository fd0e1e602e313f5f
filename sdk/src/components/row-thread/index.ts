export { RowMarker, RowThreadProvider, type RowRef } from './context.tsx';
