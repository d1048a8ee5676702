import { setLogLevel } from '../../../backend/src/logging/logger.ts';

// The server logs every request; browser tests read better without them (TEST_LOG_LEVEL=info to see).
setLogLevel((process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');
