/** Runs `work` with the process in time zone `zone` (IANA), as a browser in that zone would be, then puts the zone back. */
export function inTimeZone<T>(zone: string, work: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return work();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
