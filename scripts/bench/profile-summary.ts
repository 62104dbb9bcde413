/**
 * Where a server's CPU went: the self time of a `node --cpu-prof` profile, as shares of its busy time (idle left
 * out), by function and by package. For the profiles `scripts/bench/outside.ts --cpu-prof <dir>` writes.
 *
 *   npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--top 25] [--window <dir>/window.json]
 *
 * With --window (written by outside.ts) only the samples taken during the measured turns count: start-up and
 * warm-up are left out.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, window: { type: 'string' } },
});
const [file] = positionals;
if (!file) throw new Error('Usage: profile-summary.ts <file.cpuprofile> [--top N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const window = values.window
  ? (JSON.parse(readFileSync(values.window, 'utf8')) as { fromMicros: number; toMicros: number })
  : { fromMicros: Number.NEGATIVE_INFINITY, toMicros: Number.POSITIVE_INFINITY };
const selfMicros = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at < window.fromMicros || at > window.toMicros) return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) continue;
  if (frame.functionName === '(idle)') {
    idle += micros;
    continue;
  }
  busy += micros;
  const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
  const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const pkg = packageOf(frame);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
}

const top = Number(values.top);
const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
const print = (title: string, rows: Map<string, number>, count: number) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, micros] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    process.stdout.write(`${share(micros)}  ${name}\n`);
  }
};
process.stdout.write(
  `${file}\nbusy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s ` +
    `(${((100 * idle) / (busy + idle)).toFixed(0)} % idle); shares are of busy time\n`,
);
print('Self time by package', byPackage, 15);
print('Self time by function', byFunction, top);

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const project = url.indexOf('/wt-');
  return project >= 0 ? url.slice(url.indexOf('/', project + 1) + 1) : url.replace(/^file:\/\//, '');
}

function packageOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (frame.url.startsWith('node:')) return 'node: (runtime)';
  const modules = frame.url.lastIndexOf('node_modules/');
  if (modules < 0) return 'our code';
  const [scope = '', name = ''] = frame.url.slice(modules + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}
