import { setLogLevel } from '../../backend/src/logging/logger.ts';
import { createSharedPostgresTemplate, dropSharedPostgresTemplate, dropTestDatabases } from './database.ts';

setLogLevel((process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');

/** Runs once, in mocha's main process, before any worker starts. */
export async function mochaGlobalSetup(): Promise<void> {
  await createSharedPostgresTemplate();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await dropSharedPostgresTemplate();
}

export const mochaHooks = {
  async afterAll() {
    await dropTestDatabases();
  },
};
