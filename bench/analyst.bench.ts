import { loadConfig, type AppConfig } from '../backend/src/config.ts';
import { loadDemoData, defaultDemoBankCount } from '../backend/src/regulator/demo/load.ts';
import { startServer, type RunningServer } from '../backend/src/server.ts';
import { GeminiDouble } from '../test/doubles/gemini-double.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import { signUpBenchUser } from './http-load.ts';
import type { Report } from './run.ts';

const concurrentChats = 8;
const chatsPerClient = 5;
const questions = ['Top 10 banks by ROA', 'Largest banks in Texas by total assets', 'Which 10 banks have the lowest efficiency ratio?', 'Top 10 small banks by net interest margin', 'Riskiest banks regulated by the OCC'];

type Timing = { firstChunkMs: number; totalMs: number };

async function signUp(server: RunningServer): Promise<string> {
  return (await signUpBenchUser(server.url)).token;
}

/** One streamed chat: time to the first text chunk and to the end of the answer. */
async function chat(server: RunningServer, token: string, question: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/analyst/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: question }], sessionId: 'bench' }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let firstChunkMs = -1;
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    if (firstChunkMs < 0 && /"chunk":"[^"]/.test(buffered)) firstChunkMs = performance.now() - started;
  }
  if (buffered.includes('"error"')) throw new Error(`chat failed: ${buffered.slice(-200)}`);
  return { firstChunkMs, totalMs: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function startApp(db: Awaited<ReturnType<typeof benchDatabase>>, config: Partial<AppConfig> = {}) {
  return startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', jwtSecret: 'bench-secret-that-is-long-enough', demoData: 'never', ...config }, { db });
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      await loadDemoData(db.knex, { banks: defaultDemoBankCount });
      const offline = await startApp(db);
      const token = await signUp(offline);
      await chat(offline, token, questions[0]);
      const timings: Timing[] = [];
      await Promise.all(
        Array.from({ length: concurrentChats }, async (_, client) => {
          for (let i = 0; i < chatsPerClient; i += 1) timings.push(await chat(offline, token, questions[(client + i) % questions.length]));
        }),
      );
      await offline.stop();
      report(`Offline analyst, ranked answers over ${defaultDemoBankCount} banks, ${concurrentChats} chats at once [${engine}]`, {
        'first chunk p50': ms(percentile(timings.map((t) => t.firstChunkMs), 50)),
        'first chunk p95': ms(percentile(timings.map((t) => t.firstChunkMs), 95)),
        'whole answer p50': ms(percentile(timings.map((t) => t.totalMs), 50)),
        'whole answer p95': ms(percentile(timings.map((t) => t.totalMs), 95)),
      });

      // Gemini answering at once: the difference between a chat with tool rounds and one without is our own work per round.
      const double = await new GeminiDouble().start();
      const gemini = await startApp(db, { geminiApiKey: 'bench', geminiApiUrl: double.url });
      const geminiToken = await signUp(gemini);
      const rounds = 3;
      const plain = () => double.reply({ chunks: [[{ text: 'Answer.' }]] });
      const withTools = () => {
        for (let round = 0; round < rounds; round += 1) double.reply({ chunks: [[{ functionCall: { name: 'rank_banks', args: { metric: 'roa', limit: 10, state: 'TX' } } }]] });
        double.reply({ chunks: [[{ text: 'Answer.' }]] });
      };
      const measure = async (prepare: () => void, times: number) => {
        const totals: number[] = [];
        for (let i = 0; i < times; i += 1) {
          prepare();
          totals.push((await chat(gemini, geminiToken, 'Top banks?')).totalMs);
        }
        return percentile(totals, 50);
      };
      await measure(withTools, 3);
      const baseline = await measure(plain, 30);
      const tooled = await measure(withTools, 30);
      await gemini.stop();
      await double.stop();
      report(`Gemini double answering at once [${engine}]`, {
        'chat without tools p50': ms(baseline),
        [`chat with ${rounds} tool rounds p50`]: ms(tooled),
        'our overhead per tool round trip': ms((tooled - baseline) / rounds),
      });
    } finally {
      await db.close();
    }
  }
}
