#!/usr/bin/env node
// The `fmea` executable: let tsx compile the TypeScript sources on the fly,
// with the CLI's tsconfig whatever the working directory, then run main.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/main.ts');
