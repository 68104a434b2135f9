import type { Handler } from './util';

export const getHealth: Handler = async (req) => {
  await req.server.db.query('SELECT 1');
  return { status: 'ok' };
};
