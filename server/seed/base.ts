import { defaultFeatureFlags } from '../../shared/feature-flags';
import { findCountry } from '../../shared/countries';
import { OTA_LABELS, OTAS } from '../../shared/otas';
import type { Db } from '../db/client';
import { DEMO_ACCOUNTS } from '../identity/accounts';
import { CITIES, FIRST_NAMES, LANGUAGES, LAST_NAMES, TEAMS, type TeamSeed } from './catalog';
import { insertRows } from './insert';
import type { Random } from './random';

/** Everything but orders and tours: teams, people, memberships, products, flags, guides, ads, orgs. */

export interface SeededTeam extends TeamSeed {
  id: string;
  timezone: string;
  /** Users who act in the team's event log. */
  staff: { id: string; name: string }[];
}

export const teamId = (code: string) => `team-${code.toLowerCase()}`;
export const userId = (email: string) => `user-${email.split('@')[0].replace(/[^a-z0-9]+/g, '-')}`;

/** Each OTA's confirmation, in the words its customers know it by (Liquid, see server/email/variables.ts). */
const OTA_LINES: Record<string, string> = {
  KLOOK: 'Show your Klook voucher ({{ otaOrderId }}) on your phone to the guide.',
  KKDAY: 'Keep your KKday voucher {{ otaOrderId }} at hand: the guide checks it before departure.',
  VIATOR: 'Your Viator booking reference is {{ otaOrderId }}: please have it ready.',
  MPG: 'Your MPG booking reference is {{ otaOrderId }}.',
};

function mailContent() {
  return Object.fromEntries(
    OTAS.map((ota) => [
      ota,
      {
        subject: `{{ productName }}: your ${OTA_LABELS[ota]} booking {{ displayId }} is confirmed`,
        body:
          'Hello {{ customerName }},\n\n' +
          'Thank you for booking {{ productName }}{% if pack != productName %} ({{ pack }}){% endif %} ' +
          `on ${OTA_LABELS[ota]}. ` +
          'Your tour departs on {{ departureDate }} at {{ departureTime }} for {{ quantity }} ' +
          '{% if quantity == 1 %}guest{% else %}guests{% endif %}.\n' +
          'Route: {{ route }}\n\n' +
          `Please be at the meeting point 15 minutes early. ${OTA_LINES[ota]}\n\n` +
          'See you soon,\n{{ teamName }}',
      },
    ]),
  );
}

function svgPlaceholder(label: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="32" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function seedBase(db: Db, rnd: Random, issuer: string): Promise<SeededTeam[]> {
  const teams: SeededTeam[] = TEAMS.map((t) => ({
    ...t,
    id: teamId(t.code),
    timezone: findCountry(t.code)?.timezone ?? 'UTC',
    staff: [],
  }));

  await insertRows(
    db,
    'teams',
    { id: 'text', code: 'text', name: 'text', timezone: 'text', continent: 'text', ota_accounts: 'jsonb' },
    teams.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      timezone: t.timezone,
      continent: findCountry(t.code)?.continent ?? 'Global',
      // Every team has one account per OTA; all but Viator are selected.
      ota_accounts: OTAS.map((ota) => ({
        ota,
        email: `${t.code.toLowerCase()}.${ota.toLowerCase()}@tourdesk.test`,
        selected: ota !== 'VIATOR',
      })),
    })),
  );

  // The demo accounts (not the newcomer: it registers itself) plus two colleagues per team.
  const demo = DEMO_ACCOUNTS.filter((a) => a.email !== 'newcomer@tourdesk.test');
  const users = demo.map((a) => ({ id: userId(a.email), email: a.email, name: a.name }));
  const memberships: { user_id: string; team_id: string; role: string }[] = [];
  const roles = ['ADMIN', 'EDITOR', 'MEMBER'];
  for (const team of teams) {
    users
      .slice(0, demo.length)
      .forEach((u, i) => memberships.push({ user_id: u.id, team_id: team.id, role: roles[i] }));
    team.staff.push(...users.slice(0, 2).map((u) => ({ id: u.id, name: u.name })));
    for (let i = 0; i < 2; i++) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const email = `${first}.${last}.${team.code}${i}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9.]/g, '');
      const u = { id: userId(`${email}@x`), email: `${email}@tourdesk.test`, name: `${first} ${last}` };
      users.push(u);
      memberships.push({ user_id: u.id, team_id: team.id, role: i === 0 ? 'EDITOR' : 'MEMBER' });
      team.staff.push({ id: u.id, name: u.name });
    }
  }
  await insertRows(
    db,
    'users',
    { id: 'text', email: 'text', name: 'text', issuer: 'text', subject: 'text' },
    users.map((u) => ({ ...u, issuer, subject: u.email })),
  );
  await insertRows(db, 'memberships', { user_id: 'text', team_id: 'text', role: 'text' }, memberships);

  await insertRows(
    db,
    'products',
    { id: 'text', team_id: 'text', name: 'text', route: 'text', pack: 'text', mail_content: 'jsonb' },
    teams.flatMap((t) =>
      t.products.map((pr) => ({
        id: pr.id,
        team_id: t.id,
        name: pr.name,
        route: pr.route,
        pack: pr.pack,
        mail_content: mailContent(),
      })),
    ),
  );

  await insertRows(
    db,
    'feature_flags',
    { id: 'text', name: 'text', description: 'text', teams: 'jsonb', default_state: 'boolean' },
    defaultFeatureFlags().map((f) => ({ ...f, default_state: f.defaultState })),
  );

  // The demo directory: the same 36 guides in every team (guides are a team's own contacts).
  const guides = Array.from({ length: 36 }, (_, i) => {
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length];
    const last = LAST_NAMES[(i * 5) % LAST_NAMES.length];
    const langs = [...new Set(['en', rnd.pick(LANGUAGES), rnd.pick(LANGUAGES)])];
    return {
      id: `guide-${String(i + 1).padStart(3, '0')}`,
      name: `${first} ${last}`,
      email:
        `${first}.${last}.guide${i + 1}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z0-9.]/g, '') + '@guides.tourdesk.test',
      phone: `+84 9${rnd.digits(2)} ${rnd.digits(3)} ${rnd.digits(3)}`,
      languages: langs,
      location: CITIES[i % CITIES.length],
    };
  });
  await insertRows(
    db,
    'guides',
    { id: 'text', team_id: 'text', name: 'text', email: 'text', phone: 'text', languages: 'jsonb', location: 'text' },
    teams.flatMap((t) => guides.map((g) => ({ ...g, id: `${g.id}-${t.code.toLowerCase()}`, team_id: t.id }))),
  );

  await seedAds(db, rnd, teams);

  await insertRows(
    db,
    'orgs',
    {
      id: 'text',
      display_id: 'text',
      name: 'text',
      owner_id: 'text',
      team_id: 'text',
      plan: 'text',
      information: 'jsonb',
      stage: 'int',
    },
    teams.map((t) => ({
      id: `org-${t.code.toLowerCase()}`,
      display_id: `tourdesk-${t.code.toLowerCase()}`,
      name: `Tourdesk ${t.name}`,
      owner_id: users[0].id,
      team_id: t.id,
      plan: 'pro',
      information: {
        serviceCountry: [t.code],
        serviceCity: CITIES.slice(0, 2),
        pointOfContact: {
          fullName: users[0].name,
          email: users[0].email,
          phone: '+84 912 345 678',
          jobTitle: 'Operations manager',
        },
      },
      stage: 7,
    })),
  );
  return teams;
}

async function seedAds(db: Db, rnd: Random, teams: SeededTeam[]): Promise<void> {
  const ads: Record<string, unknown>[] = [];
  const groups: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const colors = ['#0081A7', '#00AFB9', '#F07167', '#FED9B7', '#6A4C93'];
  for (const team of teams) {
    const teamAds = team.products.slice(0, 4).map((pr, i) => ({
      id: `ad-${team.code.toLowerCase()}-${i + 1}`,
      team_id: team.id,
      // one pick per ad, as before: the random sequence of the rest of the seed stays the same
      tag: i === 0 ? 'new' : rnd.pick(['active', 'active', 'archived']),
      title: `${pr.name}: book now`,
      image_url: svgPlaceholder(pr.name.replace(/[&<>"']/g, ''), colors[i % colors.length]),
      link_url: null,
    }));
    ads.push(...teamAds);
    // the customer-facing interstitial; no e-mail banner until the team makes one
    const group = { id: `adgroup-${team.code.toLowerCase()}-1`, team_id: team.id, tag: 'interstitial' };
    groups.push(group, { id: `adgroup-${team.code.toLowerCase()}-2`, team_id: team.id, tag: null });
    teamAds
      .slice(0, 3)
      .forEach((ad, position) => items.push({ group_id: group.id, advertisement_id: ad.id, position }));
  }
  await insertRows(
    db,
    'advertisements',
    { id: 'text', team_id: 'text', tag: 'text', title: 'text', image_url: 'text', link_url: 'text' },
    ads,
  );
  await insertRows(db, 'advertisement_groups', { id: 'text', team_id: 'text', tag: 'text' }, groups);
  await insertRows(
    db,
    'advertisement_group_items',
    { group_id: 'text', advertisement_id: 'text', position: 'int' },
    items,
  );
}
