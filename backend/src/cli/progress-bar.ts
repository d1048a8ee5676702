/**
 * A one-line progress bar on stderr for long CLI work (rebuild, import, sync). On a non-TTY
 * (CI logs) it prints a line every few seconds instead of redrawing.
 */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = performance.now();
  let lastLine = 0;
  let lastCounts = '';
  const render = (done: number, total: number | undefined, final = false, note = '') => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const fraction = total ? Math.min(1, done / total) : undefined;
    const bar = fraction === undefined ? '' : `[${'#'.repeat(Math.round(fraction * 30)).padEnd(30, '.')}] ${(fraction * 100).toFixed(1).padStart(5)}% `;
    const eta = !final && total && rate > 0 && done < total ? `, ETA ${Math.ceil((total - done) / rate)}s` : '';
    const line = `${label} ${bar}${done.toLocaleString('en-US')}${total ? `/${total.toLocaleString('en-US')}` : ''} (${rate.toLocaleString('en-US')}/s, ${seconds.toFixed(1)}s${eta})${note && ` ${note}`}`;
    if (stream.isTTY) {
      stream.write(`\r${line}\u001b[K${final ? '\n' : ''}`);
    } else if ((final && lastCounts !== `${done}/${total}`) || performance.now() - lastLine > 2000) {
      lastLine = performance.now();
      lastCounts = `${done}/${total}`;
      stream.write(line + '\n');
    }
  };
  return {
    /** `note`: what the work is doing now (a phase), shown after the counts. */
    update: (done: number, total?: number, note?: string) => render(done, total, false, note),
    finish: (done: number, total?: number) => render(done, total, true),
  };
}
