import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'web/dist/**', 'data/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // Two cores: files run two at a time, each with its own database and queue prefix.
    maxWorkers: 2,
    pool: 'forks',
  },
});
