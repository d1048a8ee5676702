import { setLogLevel } from '../../backend/src/logging/logger.ts';

/**
 * Everything the process writes to stdout and stderr while `work` runs, at log level debug, as the
 * lines an operator would read (the test run's own level is restored afterwards).
 */
export async function capturedLog(work: () => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write);
  setLogLevel('debug');
  for (const stream of streams) stream.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof stream.write;
  try {
    await work();
  } finally {
    streams.forEach((stream, index) => (stream.write = originals[index]));
    setLogLevel((process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');
  }
  return written.join('').split('\n').filter((line) => line !== '');
}
