// The contract suite (`npm run test:contract`): the same API checks against the standalone mock
// and a real Drone, in Node, one file at a time (each starts its servers).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
