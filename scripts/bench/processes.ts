import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// The servers under load run in child processes of their own, so the load generator in this process never
// competes with them for an event loop. Their output goes straight to a log file (not through a pipe that this
// process would have to drain while it is generating load).

export type ServerProcess = {
  url: string;
  logFile: string;
  /** CPU time (user + system) the server's processes have used so far, from /proc (Linux). */
  cpuSeconds(): number;
  stop(): Promise<void>;
};

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** A port nothing listens on right now (the OS picks it; the child binds it a moment later). */
export async function freePort(host: string): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

/** A TypeScript entry, a path relative to `cwd` (run as `node --import tsx <entry>`), or a whole command. */
type Launch = { entry: string; command?: never } | { command: readonly [string, ...string[]]; entry?: never };

/**
 * Runs a TypeScript entry (through tsx), or a command such as `npm start`, with exactly `env` on top of PATH and HOME, so settings of the shell
 * (DATABASE_URL, LOG_LEVEL…) cannot leak into a measurement; resolves once `readyUrl` answers.
 */
export async function startServerProcess(
  options: {
    name: string;
    cwd: string;
    env: Record<string, string>;
    url: string;
    readyPath: string;
    logFile: string;
  } & Launch,
): Promise<ServerProcess> {
  const readyUrl = `${options.url}${options.readyPath}`;
  // Another server on that port would answer in this one's place.
  if (await fetch(readyUrl).catch(() => null)) throw new Error(`${readyUrl} already answers: port taken.`);
  const log = openSync(options.logFile, 'w');
  const [file, ...args] =
    options.entry !== undefined ? [process.execPath, '--import', 'tsx', options.entry] : options.command;
  const child = spawn(file, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', log, log],
    // A command such as `npm start` is a tree of processes (npm does not pass SIGTERM on): its own process group
    // lets stop() signal all of them.
    detached: options.command !== undefined,
  });
  closeSync(log);
  const exited = once(child, 'exit');
  const stop = () => stopChild(child, exited, options.command !== undefined);
  try {
    await waitUntilAnswering(readyUrl, child, options);
  } catch (error) {
    await stop();
    throw error;
  }
  const group = options.command !== undefined;
  return {
    url: options.url,
    logFile: options.logFile,
    cpuSeconds: () => cpuSecondsOf(child.pid, group),
    stop,
  };
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  { name, logFile }: { name: string; logFile: string },
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logFile}.`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await sleep(200);
  }
  throw new Error(`${name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}.`);
}

/** SIGTERM lets the server close gracefully (close-with-grace); SIGKILL only if it hangs. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    if (group && child.pid !== undefined) process.kill(-child.pid, name);
    else child.kill(name);
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  // npm leaves before the server it started has closed: wait for the whole group.
  while (group && child.pid !== undefined && groupAlive(child.pid)) await sleep(100);
  clearTimeout(timer);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of the process `pid`, or of every process in its group (npm and what it started). */
function cpuSecondsOf(pid: number | undefined, group: boolean): number {
  if (pid === undefined) return 0;
  const pids = group ? readdirSync('/proc').filter((name) => /^\d+$/.test(name)) : [String(pid)];
  let ticks = 0;
  for (const candidate of pids) {
    const stat = readStat(candidate);
    if (!stat) continue;
    // Fields after the command name: state ppid pgrp … utime (14th field overall) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (group && Number(fields[2]) !== pid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

function readStat(pid: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
