import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{src,protocol,server,push-server,sw,scripts}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two cores run two at once.
          maxWorkers: 2,
          // A worker keeps the server's modules loaded from one file to the next (each file still
          // starts a server and database of its own): importing the whole server again for each of
          // 100 files cost more than half the suite's time. No integration file mocks a module.
          isolate: false,
        },
      },
    ],
  },
});
