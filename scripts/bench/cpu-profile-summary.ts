/**
 * `tsx scripts/bench/cpu-profile-summary.ts <file.cpuprofile> [--top N] [--filter TEXT] [--after S] [--under TEXT]`: the
 * functions of a V8 CPU profile (`node --cpu-prof`, e.g. a bench run with BENCH_CPU_PROF=<dir>)
 * by self time and by total time, each as a share of the profile's sampled time. CPU shares, not
 * wall-clock figures: they hold while other work shares the machine, which is what makes them
 * the first step of a speed task. `--filter` keeps the functions whose file contains TEXT (e.g.
 * `server/`); `--after` leaves out the first S seconds of the profile (the server's start, before
 * the load); `--under` keeps the samples with a function whose name contains TEXT on their stack
 * (what that function spends its time in). Total time counts a recursive function once per sample.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMainModule } from '../lib/main-module.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionTime {
  name: string;
  /** Microseconds sampled in the function itself, and in it or anything it called. */
  selfUs: number;
  totalUs: number;
}

const frameName = (frame: CallFrame) => {
  const file = frame.url ? frame.url.replace(/^file:\/\//, '').replace(/^.*\/(dist|node_modules)\//, '$1/') : '';
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
};

/** Self and total time per function (by name, file and line) of a profile, and the profile's sampled time. */
export function summarise(profile: CpuProfile, afterUs = 0, under?: string): { functions: FunctionTime[]; sampledUs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = new Map<string, FunctionTime>();
  const entry = (name: string) => {
    let found = times.get(name);
    if (!found) times.set(name, (found = { name, selfUs: 0, totalUs: 0 }));
    return found;
  };
  let sampledUs = 0;
  let elapsedUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    if (elapsedUs < afterUs) continue;
    const stack: string[] = [];
    for (let id: number | undefined = profile.samples[i]!; id !== undefined; id = parent.get(id)) stack.push(frameName(byId.get(id)!.callFrame));
    if (under && !stack.some((name) => name.includes(under))) continue;
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    sampledUs += us;
    entry(stack[0]!).selfUs += us;
    for (const name of new Set(stack)) entry(name).totalUs += us;
  }
  return { functions: [...times.values()], sampledUs };
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!file) throw new Error('usage: cpu-profile-summary <file.cpuprofile> [--top N] [--filter TEXT] [--after S]');
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const top = Number(option('--top') ?? 30);
  const filter = option('--filter');
  const { functions, sampledUs } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(option('--after') ?? 0) * 1e6, option('--under'));
  const idle = functions.filter((f) => /^\((idle|program|garbage collector)\)/.test(f.name));
  const kept = functions.filter((f) => !filter || f.name.includes(filter));
  const share = (us: number) => `${((100 * us) / sampledUs).toFixed(1).padStart(5)}%`;
  console.log(`${path.basename(file)}: ${(sampledUs / 1e6).toFixed(2)} s sampled${option('--under') ? ` under ${option('--under')}` : ''}; ${idle.map((f) => `${f.name} ${share(f.selfUs)}`).join(', ')}`);
  for (const [title, pick] of [['self', (f: FunctionTime) => f.selfUs], ['total', (f: FunctionTime) => f.totalUs]] as const) {
    console.log(`\nby ${title} time:`);
    for (const f of [...kept].sort((a, b) => pick(b) - pick(a)).slice(0, top)) console.log(`  ${share(pick(f))}  ${f.name}`);
  }
}

if (isMainModule(import.meta.filename)) main();
