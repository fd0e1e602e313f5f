export * from './app.ts';
export * from './envelope.ts';
export * from './server.ts';
