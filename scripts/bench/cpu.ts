import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time spent by the parts of a benchmark on this machine (Linux /proc; zeros elsewhere): the
 * bench client (this process), the server (its process group), the PostgreSQL cluster of
 * with-postgres.sh (BENCH_PG_DATA: the postmaster and its children) and everything else. All of
 * them share the same cores, so the sum per request bounds the requests per second.
 */
export interface CpuSnapshot {
  at: number;
  client: number;
  server: number;
  database: number;
  machine: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  ms: number;
}

function procs(): ProcStat[] {
  const out: ProcStat[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      out.push({
        pid: Number(pid),
        ppid: Number(f[1]),
        pgrp: Number(f[2]),
        ms: (Number(f[11]) + Number(f[12])) * TICK_MS,
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function postmasterPid(): number | null {
  const dir = process.env.BENCH_PG_DATA;
  if (!dir) return null;
  try {
    return Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/** Busy CPU time of the whole machine (all cores), from /proc/stat. */
function machineMs(): number {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const v = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    return (v.reduce((s, x) => s + x, 0) - idle) * TICK_MS;
  } catch {
    return 0;
  }
}

export function cpuSnapshot(serverGroup: number | null): CpuSnapshot {
  const list = procs();
  const pm = postmasterPid();
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    client: (own.user + own.system) / 1000,
    server: list.filter((p) => serverGroup !== null && p.pgrp === serverGroup).reduce((s, p) => s + p.ms, 0),
    database: list.filter((p) => pm !== null && (p.pid === pm || p.ppid === pm)).reduce((s, p) => s + p.ms, 0),
    machine: machineMs(),
  };
}

/** CPU milliseconds per request of each part between two snapshots, and what it allows on these cores. */
export function cpuPerRequest(a: CpuSnapshot, b: CpuSnapshot, requests: number, cores: number): string {
  const per = (x: number) => (x / requests).toFixed(2);
  const client = b.client - a.client;
  const server = b.server - a.server;
  const database = b.database - a.database;
  const other = Math.max(0, b.machine - a.machine - client - server - database);
  const wall = b.at - a.at;
  return (
    `CPU per request: client ${per(client)} ms, server ${per(server)} ms, ` +
    `database ${process.env.BENCH_PG_DATA ? `${per(database)} ms` : '(in the server process)'}, ` +
    `other processes ${per(other)} ms; machine busy ${(((b.machine - a.machine) / (wall * cores)) * 100).toFixed(0)}% of ${cores} cores`
  );
}
