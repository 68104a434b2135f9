import { spawn } from 'node:child_process';

/**
 * A full garbage collection in another Node process, through its inspector (started with
 * `--inspect=127.0.0.1:0`; `ws` is the address it printed): what a memory figure of a server needs,
 * since what its heap holds between collections is noise of megabytes. The inspector protocol's
 * `HeapProfiler.collectGarbage`, sent by a short Node process with the WebSocket client Node 20
 * has behind `--experimental-websocket`.
 */
const CLIENT = `
const ws = new WebSocket(process.argv[1]);
ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
ws.onmessage = (m) => { if (JSON.parse(m.data).id === 1) { ws.close(); process.exit(0); } };
ws.onerror = () => process.exit(1);
setTimeout(() => process.exit(2), 10000);
`;

export function collectGarbage(ws: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', CLIENT, ws], {
      stdio: 'ignore',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`collectGarbage exited with ${code}`))));
  });
}

/** The inspector's address in a process's output, once it is listening. */
export const inspectorAddress = (text: string): string | null =>
  /Debugger listening on (ws:\/\/\S+)/.exec(text)?.[1] ?? null;
