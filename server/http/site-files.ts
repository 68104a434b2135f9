import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * /robots.txt (nothing here is for crawlers) and /favicon.ico, served by the server itself so that
 * they exist with or without the built web app, instead of falling through to the app's page.
 */
const PUBLIC_DIR = new URL('../public/', import.meta.url);
const DAY = 24 * 60 * 60;

const FILES = [
  { url: '/robots.txt', file: 'robots.txt', type: 'text/plain; charset=utf-8' },
  { url: '/favicon.ico', file: 'favicon.ico', type: 'image/x-icon' },
];

export function registerSiteFiles(app: FastifyInstance): void {
  for (const { url, file, type } of FILES) {
    const bytes = readFileSync(fileURLToPath(new URL(file, PUBLIC_DIR)));
    app.get(url, (_req, reply) => reply.type(type).header('Cache-Control', `public, max-age=${DAY}`).send(bytes));
  }
}
