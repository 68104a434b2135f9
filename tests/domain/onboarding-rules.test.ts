import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUES,
  inboxProblem,
  isStage,
  mergeOrg,
  MESSAGES,
  toInformation,
  toList,
  validateStage,
  type OnboardingValues,
  type OrgSnapshot,
} from '../../src/domain/onboarding-rules';
import { firstDayStepsFor } from '../../src/domain/first-day';

const values = (over: Partial<OnboardingValues>): OnboardingValues => ({ ...EMPTY_VALUES, ...over });

describe('stages', () => {
  it('are the integers 1 to 7', () => {
    expect([1, 2, 3, 4, 5, 6, 7].every(isStage)).toBe(true);
    expect([0, 8, 9, 2.5, -1, '3', null].some(isStage)).toBe(false);
  });
});

describe('validation', () => {
  it('asks for a name and a known country at stage 2', () => {
    expect(validateStage(2, values({}))).toEqual({ name: MESSAGES.name, countryCode: MESSAGES.countryCode });
    expect(validateStage(2, values({ name: '  ', countryCode: 'ZZ' }))).toEqual({
      name: MESSAGES.name,
      countryCode: MESSAGES.countryCode,
    });
    expect(validateStage(2, values({ name: 'Mekong Trails', countryCode: 'kh' }))).toEqual({});
  });

  it('checks the contact information at stage 3 field by field', () => {
    const ok = values({
      serviceCountries: 'Cambodia',
      serviceCities: 'Siem Reap, Phnom Penh',
      fullName: 'Lan Pham',
      email: 'lan@mekong.test',
      phone: '+855 (12) 345-678',
      jobTitle: 'Owner',
    });
    expect(validateStage(3, ok)).toEqual({});
    expect(validateStage(3, { ...ok, email: 'lan@' })).toEqual({ email: MESSAGES.email });
    expect(validateStage(3, { ...ok, phone: '12345' })).toEqual({ phone: MESSAGES.phone });
    expect(validateStage(3, { ...ok, phone: '+855 12 abc' })).toEqual({ phone: MESSAGES.phone });
    expect(validateStage(3, { ...ok, serviceCities: ' , ' })).toEqual({ serviceCities: MESSAGES.serviceCities });
  });

  it('needs one of the plans at stage 4', () => {
    expect(validateStage(4, values({ plan: 'platinum' }))).toEqual({ plan: MESSAGES.plan });
    expect(validateStage(4, values({ plan: 'starter' }))).toEqual({});
  });
});

describe('lists and the organization', () => {
  it('turns comma-separated text into a clean list', () => {
    expect(toList(' Vietnam, Cambodia ,, Vietnam ')).toEqual(['Vietnam', 'Cambodia']);
  });

  it('sends the contact information as the server takes it', () => {
    expect(
      toInformation(values({ serviceCountries: 'Laos', serviceCities: 'Luang Prabang', fullName: ' An ' })),
    ).toEqual({
      serviceCountry: ['Laos'],
      serviceCity: ['Luang Prabang'],
      pointOfContact: { fullName: 'An', email: '', phone: '', jobTitle: '' },
    });
  });

  const org: OrgSnapshot = {
    id: 'o1',
    name: 'Server Name',
    countryCode: 'PE',
    plan: 'growth',
    stage: 4,
    teamId: null,
    information: {
      serviceCountry: ['Peru'],
      serviceCity: ['Cusco'],
      pointOfContact: { fullName: 'Rosa', email: 'rosa@andes.test', phone: '', jobTitle: '' },
    },
  };

  it("takes the server's saved fields over the draft's, and keeps the draft where the server has nothing", () => {
    const draft = values({ name: 'Typed Name', countryCode: 'BO', email: 'typed@andes.test', phone: '+51 1 234 5678' });
    expect(mergeOrg(draft, org)).toEqual(
      values({
        name: 'Server Name',
        countryCode: 'PE',
        serviceCountries: 'Peru',
        serviceCities: 'Cusco',
        fullName: 'Rosa',
        email: 'rosa@andes.test',
        // not saved yet: what was typed stays
        phone: '+51 1 234 5678',
        plan: 'growth',
      }),
    );
  });

  it('fills a fresh browser (no draft) from the server alone', () => {
    expect(mergeOrg(EMPTY_VALUES, { ...org, countryCode: null, plan: null })).toEqual(
      values({
        name: 'Server Name',
        serviceCountries: 'Peru',
        serviceCities: 'Cusco',
        fullName: 'Rosa',
        email: 'rosa@andes.test',
      }),
    );
  });
});

describe('OTA inboxes as typed', () => {
  it('must each be an e-mail address, none given twice (in any case)', () => {
    expect(inboxProblem([{ ota: 'KLOOK', email: ' bookings@mekong.test ' }])).toBeNull();
    expect(inboxProblem([{ ota: 'KKDAY', email: 'bookings@' }])).toBe(
      'Enter a valid e-mail address for KKday, like bookings@example.com.',
    );
    expect(
      inboxProblem([
        { ota: 'KLOOK', email: 'desk@mekong.test' },
        { ota: 'VIATOR', email: 'Desk@Mekong.test' },
      ]),
    ).toBe('Each OTA needs its own inbox: Desk@Mekong.test is given twice.');
  });
});

describe("the first day's next steps", () => {
  it('are those the role may take, each a place in the app', () => {
    expect(firstDayStepsFor('ADMIN').map((s) => [s.title, s.to])).toEqual([
      ['Connect a channel', '/setting?page=connections'],
      ['Invite a colleague', '/setting?page=member'],
      ['Import orders', '/setting?page=connections'],
    ]);
    expect(firstDayStepsFor('MEMBER')).toEqual([]);
  });
});
