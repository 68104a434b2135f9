import { describe, expect, it } from 'vitest';
import {
  datesSetAside,
  dayIn,
  defaultListFilters,
  differsFromDefaults,
  exactIdSearch,
  isSearchActive,
  NO_DATE_LABEL,
  parseListFilters,
  rangeLabel,
  SEARCH_MAX_LENGTH,
  toListQuery,
  writeListFilters,
  type ListFilters,
} from '../../src/domain/list-filters';

const at = (iso: string) => Date.parse(iso);
// 2026-11-15 10:00 UTC
const NOW = at('2026-11-15T10:00:00Z');
const defaults = defaultListFilters('Asia/Ho_Chi_Minh', NOW);
const parse = (query: string, kind: 'orders' | 'tours' = 'orders') =>
  parseListFilters(new URLSearchParams(query), defaults, kind);
const write = (filters: ListFilters, base = '') =>
  writeListFilters(new URLSearchParams(base), filters, defaults).toString();

describe('default filters', () => {
  it('cover the current month by departure, every OTA and status, no search, departure ascending', () => {
    expect(defaults).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      basis: 'departure',
      ota: null,
      status: null,
      search: '',
      sort: 'DEPARTURE_AT_ASC',
    });
  });

  it('take the month of the team timezone, not UTC, around month edges', () => {
    // 2026-11-30 18:00 UTC is already December 1st in Ho Chi Minh City (UTC+7)...
    expect(defaultListFilters('Asia/Ho_Chi_Minh', at('2026-11-30T18:00:00Z'))).toMatchObject({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    // ...and 2026-03-01 03:00 UTC is still February in Lima (UTC-5).
    expect(defaultListFilters('America/Lima', at('2026-03-01T03:00:00Z'))).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(defaultListFilters('Europe/Paris', at('2028-02-10T12:00:00Z'))).toMatchObject({ endDate: '2028-02-29' });
    expect(dayIn('Asia/Tokyo', at('2026-12-31T15:30:00Z'))).toBe('2027-01-01');
  });
});

describe('parse and serialize', () => {
  it('the default filters give a clean URL, and a clean URL gives the defaults', () => {
    expect(write(defaults)).toBe('');
    expect(parse('')).toEqual({ filters: defaults, notices: [] });
  });

  const changed: ListFilters[] = [
    { ...defaults, ota: 'KLOOK' },
    { ...defaults, status: 'cancel_requested' },
    { ...defaults, search: 'VN-000123' },
    { ...defaults, sort: 'BOOKED_AT_DESC' },
    { ...defaults, startDate: '2026-10-30', endDate: '2026-11-02' },
    { ...defaults, startDate: null, endDate: null },
    { ...defaults, basis: 'booking' },
    { ...defaults, search: 'Nguyễn Văn A' },
    {
      startDate: '2024-02-29',
      endDate: '2024-02-29',
      basis: 'booking',
      ota: 'MPG',
      status: 'new',
      search: 'kl 77',
      sort: 'DEPARTURE_AT_DESC',
    },
  ];
  it.each(changed.map((f) => [write(f), f] as const))('round trips %s', (query, filters) => {
    expect(query).not.toBe('');
    expect(parse(query)).toEqual({ filters, notices: [] });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(write({ ...defaults, ota: 'KKDAY', sort: 'BOOKED_AT_ASC' }, 'inspect=1&ota=VIATOR')).toBe(
      'inspect=1&ota=KKDAY&sort=BOOKED_AT_ASC',
    );
    expect(write({ ...defaults, startDate: null, endDate: null })).toBe('dates=all');
    expect(write({ ...defaults, search: '   ' })).toBe('');
    // the statistics screen's links: a range by booking date
    expect(write({ ...defaults, startDate: '2026-10-01', endDate: '2026-10-31', basis: 'booking' })).toBe(
      'from=2026-10-01&to=2026-10-31&basis=booking',
    );
  });

  it('reads the links of the statistics screen, an explicit departure basis included', () => {
    expect(parse('from=2026-10-01&to=2026-10-31&basis=booking&ota=KLOOK&status=canceled')).toEqual({
      filters: {
        ...defaults,
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        basis: 'booking',
        ota: 'KLOOK',
        status: 'canceled',
      },
      notices: [],
    });
    expect(parse('basis=departure')).toEqual({ filters: defaults, notices: [] });
  });

  it('accepts lower-case OTA and sort values', () => {
    expect(parse('ota=viator&sort=booked_at_asc').filters).toMatchObject({ ota: 'VIATOR', sort: 'BOOKED_AT_ASC' });
  });
});

describe('invalid values in the URL', () => {
  const cases: [string, Partial<ListFilters>, RegExp][] = [
    ['from=2026-02-30&to=2026-03-02&ota=KLOOK', { ota: 'KLOOK' }, /2026-02-30.*real days/],
    ['from=yesterday&to=2026-11-02&status=new', { status: 'new' }, /yesterday.*real days/],
    ['from=2026-11-20&to=2026-11-02&q=abc', { search: 'abc' }, /ends before it starts/],
    ['from=2026-11-20&sort=BOOKED_AT_ASC', { sort: 'BOOKED_AT_ASC' }, /2026-11-20 to \?/],
    ['dates=some&ota=MPG', { ota: 'MPG' }, /dates value "some"/],
    ['ota=EXPEDIA&status=pending', { status: 'pending' }, /unknown OTA "EXPEDIA"/],
    ['status=lost&ota=KLOOK', { ota: 'KLOOK' }, /unknown status "lost"/],
    ['sort=PRICE&q=x', { search: 'x' }, /unknown sort "PRICE"/],
    ['basis=arrival&ota=MPG', { ota: 'MPG' }, /unknown date basis "arrival"/],
    [`q=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}&ota=MPG`, { ota: 'MPG' }, /search: it is longer than 100 characters/],
  ];
  it.each(cases)('%s: the bad value is dropped with a notice, the others kept', (query, kept, notice) => {
    const { filters, notices } = parse(query);
    expect(filters).toEqual({ ...defaults, ...kept });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(notice);
  });

  it('reports every dropped value', () => {
    expect(parse('ota=X&status=Y&sort=Z&from=a&to=b').notices).toHaveLength(4);
  });

  it('tours have no OTA filter and no booking date', () => {
    const { filters, notices } = parse('ota=KLOOK&status=grouped&basis=booking', 'tours');
    expect(filters).toEqual({ ...defaults, status: 'grouped' });
    expect(notices).toEqual([
      'Ignored the booking date basis: tours are filtered by departure.',
      'Ignored the OTA filter: tours are not filtered by OTA.',
    ]);
  });

  it('a search of the longest length the contract takes is kept', () => {
    const longest = 'a'.repeat(SEARCH_MAX_LENGTH);
    expect(parse(`q=${longest}`)).toEqual({ filters: { ...defaults, search: longest }, notices: [] });
  });

  it('writing the parsed filters back removes the bad values', () => {
    const base = 'ota=EXPEDIA&status=new&inspect=1';
    expect(write(parse(base).filters, base)).toBe('inspect=1&status=new');
  });
});

describe('search active', () => {
  it("is SPEC section 4's: search text, an OTA, a status or a non-default sort", () => {
    expect(isSearchActive(defaults, defaults)).toBe(false);
    expect(isSearchActive({ ...defaults, search: '  ' }, defaults)).toBe(false);
    for (const change of [
      { search: 'x' },
      { ota: 'KLOOK' as const },
      { status: 'new' as const },
      { sort: 'BOOKED_AT_ASC' as const },
    ]) {
      expect(isSearchActive({ ...defaults, ...change }, defaults), JSON.stringify(change)).toBe(true);
      expect(differsFromDefaults({ ...defaults, ...change }, defaults), JSON.stringify(change)).toBe(true);
    }
  });

  it('is off for another date range or basis, which Reset still puts back', () => {
    expect(differsFromDefaults(defaults, defaults)).toBe(false);
    for (const change of [
      { basis: 'booking' as const },
      { startDate: '2026-11-02' },
      { startDate: null, endDate: null },
    ]) {
      expect(isSearchActive({ ...defaults, ...change }, defaults), JSON.stringify(change)).toBe(false);
      expect(differsFromDefaults({ ...defaults, ...change }, defaults), JSON.stringify(change)).toBe(true);
    }
  });
});

describe('range label', () => {
  it('reads "Pick a date" when no date is chosen', () => {
    expect(rangeLabel(null, null)).toBe(NO_DATE_LABEL);
    expect(NO_DATE_LABEL).toBe('Pick a date');
  });
  it('shows one day, or both ends, as every date of the app reads', () => {
    expect(rangeLabel('2026-11-03', '2026-11-03')).toBe('Tue, 3 Nov 2026');
    expect(rangeLabel('2026-11-01', '2026-11-30')).toBe('Sun, 1 Nov 2026 – Mon, 30 Nov 2026');
    expect(rangeLabel('2026-12-28', '2027-01-04')).toBe('Mon, 28 Dec 2026 – Mon, 4 Jan 2027');
  });
});

describe('API query', () => {
  it('maps every filter', () => {
    expect(toListQuery({ ...defaults, ota: 'KKDAY', status: 'pending', sort: 'BOOKED_AT_DESC' }, null)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      ota: 'KKDAY',
      statusV2: 'pending',
      orderBy: 'BOOKED_AT_DESC',
    });
    expect(toListQuery({ ...defaults, startDate: null, endDate: null }, null)).toEqual({ orderBy: 'DEPARTURE_AT_ASC' });
  });

  it('names the booking date basis with the dates only (departure is the default)', () => {
    expect(toListQuery({ ...defaults, basis: 'booking' }, 'pending')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      dateBasis: 'booking',
      orderBy: 'DEPARTURE_AT_ASC',
    });
    expect(toListQuery({ ...defaults, basis: 'booking', startDate: null, endDate: null }, null)).toEqual({
      orderBy: 'DEPARTURE_AT_ASC',
    });
  });

  it('sends the search as typed (trimmed) and leaves the dates out: every date is searched', () => {
    const searching = { ...defaults, basis: 'booking' as const, ota: 'KLOOK' as const, search: '  kl0323 ' };
    expect(toListQuery(searching, 'new-added')).toEqual({ ota: 'KLOOK', q: 'kl0323', orderBy: 'DEPARTURE_AT_ASC' });
    expect(datesSetAside(searching, 'new-added')).toBe('search');
    // a blank search is none: the range applies again
    expect(toListQuery({ ...defaults, search: '   ' }, null)).toMatchObject({ startDate: '2026-11-01' });
    expect(datesSetAside({ ...defaults, search: '   ' }, null)).toBeNull();
  });

  it("leaves the dates out on today's and tomorrow's tours: their day is their own", () => {
    expect(toListQuery(defaults, 'today')).toEqual({ orderBy: 'DEPARTURE_AT_ASC' });
    expect(toListQuery(defaults, 'tomorrow')).toEqual({ orderBy: 'DEPARTURE_AT_ASC' });
    expect(datesSetAside({ ...defaults, search: 'T-1' }, 'tomorrow')).toBe('tomorrow');
    expect(toListQuery(defaults, 'grouped')).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30' });
  });
});

describe('exact id search (tours, exports)', () => {
  it('takes a display id as one, upper-cased', () => {
    expect(exactIdSearch('vn-000123')).toEqual({ displayId: 'VN-000123' });
    expect(exactIdSearch(' T-000042 ')).toEqual({ displayId: 'T-000042' });
  });
  it('takes anything else as an OTA order id, upper-cased', () => {
    expect(exactIdSearch('kl-abc123x')).toEqual({ otaOrderId: 'KL-ABC123X' });
    expect(exactIdSearch('KL03236505')).toEqual({ otaOrderId: 'KL03236505' });
  });
});
