import { describe, expect, it } from 'vitest';
import { addTour, ids, useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

describe('listTours and countToursTotal', () => {
  it('pages with the cursor in departure order, without duplicates or skips', async () => {
    const made: string[] = [];
    for (let i = 0; i < 30; i++)
      made.push(
        await addTour(
          s.t.db,
          s.w.home.id,
          new Date(Date.UTC(2034, 0, 1 + (i % 10), 8)),
          i % 3 ? 'grouped' : 'arranged',
        ),
      );
    for (const orderBy of ['DEPARTURE_AT_ASC', 'DEPARTURE_AT_DESC']) {
      const base = `/api/v1/tours?teamId=${s.w.home.id}&startDate=2034-01-01&endDate=2034-01-31&orderBy=${orderBy}`;
      const all = ids((await req('GET', `${base}&limit=200`, s.w.member.token)).json().tours);
      expect(all).toHaveLength(30);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await req('GET', `${base}&limit=7${cursor ? `&cursor=${cursor}` : ''}`, s.w.member.token);
        seen.push(...ids(res.json().tours));
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
    const arranged = await req(
      'GET',
      `/api/v1/tours?teamId=${s.w.home.id}&view=arranged&startDate=2034-01-01&endDate=2034-01-31`,
      s.w.member.token,
    );
    expect(arranged.json().tours).toHaveLength(10);
    const total = await req(
      'GET',
      `/api/v1/tours/count/total?teamId=${s.w.home.id}&statusV2=grouped&startDate=2034-01-01&endDate=2034-01-31`,
      s.w.member.token,
    );
    expect(total.json()).toEqual({ total: 20 });
  });

  it('lists today and tomorrow by the team-local date', async () => {
    const now = Date.now();
    const inTeam = (offsetDays: number) => {
      // noon of the team's local day (UTC+9 for Japan)
      const local = new Date(now + 9 * 3600_000);
      return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + offsetDays, 12 - 9));
    };
    const today = await addTour(s.t.db, s.w.japan.id, inTeam(0));
    const tomorrow = await addTour(s.t.db, s.w.japan.id, inTeam(1));
    await addTour(s.t.db, s.w.japan.id, inTeam(2));
    expect(
      ids((await req('GET', `/api/v1/tours?teamId=${s.w.japan.id}&view=today`, s.w.admin.token)).json().tours),
    ).toEqual([today]);
    expect(
      ids((await req('GET', `/api/v1/tours?teamId=${s.w.japan.id}&view=tomorrow`, s.w.admin.token)).json().tours),
    ).toEqual([tomorrow]);
    const count = await req('GET', `/api/v1/tours/count/total?teamId=${s.w.japan.id}&view=tomorrow`, s.w.admin.token);
    expect(count.json()).toEqual({ total: 1 });
  });

  it('answers 401, 403 and 400', async () => {
    expect((await req('GET', `/api/v1/tours?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/v1/tours?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/v1/tours/count/total?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(
      403,
    );
    expect((await req('GET', `/api/v1/tours?teamId=${s.w.home.id}&view=yesterday`, s.w.member.token)).statusCode).toBe(
      400,
    );
    expect(
      (await req('GET', `/api/v1/tours?teamId=${s.w.home.id}&orderBy=BOOKED_AT_ASC`, s.w.member.token)).statusCode,
    ).toBe(400);
  });
});
