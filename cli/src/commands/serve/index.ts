export { registerServe } from './serve.ts';
