import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'workbench',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
