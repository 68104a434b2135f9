import { Agent, request } from 'node:http';

/** A keep-alive HTTP client with a fixed number of connections, timing each request to its last byte. */
export interface Timed<T> {
  status: number;
  ms: number;
  body: T;
}

export class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    connections: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  /** The answer's body as text, not parsed: the load phases read one field of it. */
  sendText(method: string, path: string, payload?: unknown): Promise<Timed<string>> {
    const data = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        new URL(path, this.baseUrl),
        {
          method,
          agent: this.agent,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            resolve({ status: res.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  }

  async send<T>(method: string, path: string, payload?: unknown): Promise<Timed<T>> {
    const res = await this.sendText(method, path, payload);
    return { ...res, body: (res.body ? JSON.parse(res.body) : null) as T };
  }

  /** Like send, but a status other than 200 is an error. */
  async ok<T>(method: string, path: string, payload?: unknown): Promise<Timed<T>> {
    const res = await this.send<T>(method, path, payload);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  }

  close(): void {
    this.agent.destroy();
  }
}
