import { spawn } from 'node:child_process';

// `npm run dev`: the API server (restarted on change by tsx watch) and Vite with hot reload, which
// proxies /api and /oidc to the server. The app is served by Vite on http://localhost:5173.
const port = process.env.PORT ?? '3000';
const vite = 'http://localhost:5173';
// DEV_ORIGIN: only this start lets the identity provider send the browser back to Vite.
const env = {
  ...process.env,
  PORT: port,
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? vite,
  DEV_ORIGIN: process.env.DEV_ORIGIN ?? vite,
};

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
