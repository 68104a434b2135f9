import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite();

// The message of an export names its link in the query; a link that is not one of ours, however
// malformed, is the caller's mistake (400), never a 500.
const MALFORMED = [
  '/api/v1/exports/%/download?expires=1&signature=ab',
  `/api/v1/exports/%E0%A4%A/download?expires=1&signature=${'a'.repeat(64)}`,
  `http://localhost:3000/api/v1/exports/a%zz/download?expires=9999999999&signature=${'0'.repeat(64)}`,
  'http://[::1',
  '%',
];

describe('export message links', () => {
  for (const kind of ['orders', 'tours']) {
    it(`answers a malformed ${kind} export link with 400`, async () => {
      for (const link of MALFORMED) {
        const url = `/api/v1/${kind}/export/csv?presignedUrl=${encodeURIComponent(link)}`;
        const res = await s.req('PATCH', url, s.w.member.token, { message: 'x' });
        expect(res.statusCode, link).toBe(400);
        expect(res.json()).toEqual({
          error: 'BAD_REQUEST',
          message: 'presignedUrl is not a download link of this server',
        });
      }
    });
  }
});
