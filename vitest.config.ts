import { defineConfig } from 'vitest/config';

// One config, three projects: fast units, integration tests that boot the real server
// (PGlite by default; PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set), and the
// end-to-end journeys in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts'],
          // The route-wide access matrix and fuzz cases walk every id field of ~300 routes; 60 s was their
          // ceiling with half the routes. A hang still fails, at 180 s.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // Journeys wait out the 60 s SMS send interval between codes.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
