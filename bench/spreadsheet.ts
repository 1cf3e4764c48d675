/**
 * Reading uploaded spreadsheets (decision 040) on the compiled server as `npm start` runs it: the
 * largest branch list the caps allow previewed alone and eight at once, and the hostile files of
 * issue 28 (700,000 rows, a zip bomb, a 40 MB shared string): the time of each, the server's peak RSS
 * (VmHWM) and /health's latency from this process while they run. Loopback only, bounded in count.
 * Standalone: `node --import tsx bench/spreadsheet.ts` (BENCH_SKIP_BUILD=1 to run dist as it is).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { largestAllowedXlsx, xlsx, zip } from '../apps/server/test/fixtures/spreadsheet';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3907;
const base = `http://127.0.0.1:${PORT}`;

const kb = (n: number) => `${Math.round(n / 1024)} KB`;
const mb = (n: number) => `${Math.round(n / 1024)} MB`;

/** VmRSS and VmHWM (peak) of a process, in KB. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** /health from this process every 10 ms while `work` runs: its latencies in ms. */
async function healthDuring<T>(work: Promise<T>): Promise<{ result: T; health: number[] }> {
  const health: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const asked = performance.now();
    await fetch(`${base}/api/v1/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - asked);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { result: await finished, health };
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;

export async function benchSpreadsheet() {
  console.log('\nReading uploaded spreadsheets (bench/spreadsheet.ts), compiled server');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-sheet-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/v1/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 1200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = (await fetch(`${base}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'pruefbuch' }),
    }).then((r) => r.json())) as { token: string; tenants: { _id: string; name: string }[] };
    const token = login.token;
    const tenant = login.tenants[0]?._id ?? '';
    const pid = server.pid as number;

    const post = async (content: Buffer, name: string) => {
      const form = new FormData();
      form.set('customer', '1');
      form.set('file', new Blob([content]), name);
      const began = performance.now();
      const res = await fetch(`${base}/api/v1/customerlocation/import/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant },
        body: form,
      });
      const text = await res.text();
      return {
        status: res.status,
        ms: performance.now() - began,
        bytes: text.length,
        code: /"code":"(\w+)"/.exec(text)?.[1],
      };
    };

    const largest = largestAllowedXlsx();
    const cases: [string, () => Promise<{ status: number; ms: number; bytes: number; code?: string }[]>][] = [
      ['largest allowed (5,000 x 100)', async () => [await post(largest, 'filialen.xlsx')]],
      ['8 x largest at once', () => Promise.all(Array.from({ length: 8 }, () => post(largest, 'filialen.xlsx')))],
      ['700,000 rows', async () => [await post(xlsx('<row><c><v>1</v></c></row>'.repeat(700_000)), 'rows.xlsx')]],
      [
        '40 MB shared string',
        async () => [
          await post(
            xlsx('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', `<si><t>${'A'.repeat(40 * 1024 * 1024)}</t></si>`),
            'cell.xlsx',
          ),
        ],
      ],
      [
        'zip bomb (size lied)',
        async () => {
          const bomb = zip({
            '_rels/.rels':
              '<Relationships><Relationship Id="r" Type="x/officeDocument" Target="xl/workbook.xml"/></Relationships>',
            'xl/workbook.xml': '<workbook><sheets><sheet r:id="s"/></sheets></workbook>',
            'xl/_rels/workbook.xml.rels':
              '<Relationships><Relationship Id="s" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
            'xl/worksheets/sheet1.xml': Buffer.alloc(200 * 1024 * 1024, 0x20),
          });
          const dir = bomb.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
          bomb.writeUInt32LE(1000, dir + 24);
          return [await post(bomb, 'bomb.xlsx')];
        },
      ],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [name, run] of cases) {
      const before = memory(pid);
      const { result, health } = await healthDuring(run());
      const after = memory(pid);
      rows.push({
        case: name,
        status: [...new Set(result.map((r) => `${r.status}${r.code ? ` ${r.code}` : ''}`))].join(', '),
        'time ms': Math.round(Math.max(...result.map((r) => r.ms))),
        reply: kb(Math.max(...result.map((r) => r.bytes))),
        'rss before': mb(before.rss),
        'peak rss so far': mb(after.peak),
        '/health n': health.length,
        '/health p99 ms': Math.round(p99(health)),
        '/health max ms': Math.round(Math.max(0, ...health)),
      });
    }
    console.table(rows);
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchSpreadsheet();
