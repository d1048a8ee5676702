import { setLogLevel } from '../../backend/src/logging/logger.ts';
import { dropTestDatabases } from './database.ts';

setLogLevel((process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');

export const mochaHooks = {
  async afterAll() {
    await dropTestDatabases();
  },
};
