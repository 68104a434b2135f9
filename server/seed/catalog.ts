import teams from './teams.json';

/** Fixed demo data of the seed: teams, their products, people's names. */

export interface TeamSeed {
  code: string;
  name: string;
  currency: string;
  /** Share of the spread-out orders this team receives. */
  weight: number;
  products: ProductSeed[];
}

export interface ProductSeed {
  id: string;
  name: string;
  route: string;
  pack: string | null;
  /** Adult price in the team currency; a child pays 70 %. */
  price: number;
  /** Departure times (team timezone), "HH:MM". */
  starts: string[];
}

/** The teams and their products: data, kept in teams.json. */
export const TEAMS: TeamSeed[] = teams;

/** Rough rates to USD for the orders an OTA settles in dollars. */
export const USD_RATE: Record<string, number> = { VND: 25_000, JPY: 150, EUR: 0.92, THB: 36, KHR: 4_100, USD: 1 };

export const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Hiro',
  'Isabel',
  'Jack',
  'Kenji',
  'Laura',
  'Mai',
  'Noah',
  'Olivia',
  'Pierre',
  'Quynh',
  'Rosa',
  'Sam',
  'Thao',
  'Uma',
  'Victor',
  'Wei',
  'Yuki',
  'Zoe',
  'Lucas',
  'Sofia',
  'Minh',
  'Aiko',
  'Carlos',
  'Hannah',
  'Ivan',
  'Julia',
  'Liam',
  'Mia',
  'Nam',
  'Priya',
  'Tom',
];

export const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Tanaka',
  'Martin',
  'Garcia',
  'Müller',
  'Rossi',
  'Kim',
  'Tran',
  'Dubois',
  'Sato',
  'Brown',
  'Lee',
  'Wilson',
  'Le',
  'Pham',
  'Suzuki',
  'Bernard',
  'Lopez',
  'Schmidt',
  'Chen',
  'Wang',
  'Taylor',
  'Moreau',
];

export const LANGUAGES = ['en', 'en', 'en', 'vi', 'ja', 'fr', 'ko', 'zh', 'de', 'es', 'th'];

export const CITIES = [
  'Hanoi',
  'Ho Chi Minh City',
  'Da Nang',
  'Hue',
  'Tokyo',
  'Kyoto',
  'Osaka',
  'Paris',
  'Lyon',
  'Bangkok',
  'Chiang Mai',
  'Phuket',
  'Siem Reap',
  'Phnom Penh',
];

export const COMMENTS = [
  'Customer asked for a vegetarian lunch.',
  'Pick-up moved to the hotel lobby.',
  'Called the customer, no answer yet.',
  'Guests arrive late, flight delayed.',
  'Wheelchair access requested.',
  'Customer confirmed by e-mail.',
  'Please double-check the pick-up address.',
  'Asked for an English-speaking guide.',
  'Child seat needed in the van.',
  'Paid the balance in cash on site.',
];

export const OTA_PREFIX: Record<string, string> = { KLOOK: 'KL', KKDAY: 'KK', VIATOR: 'VI', MPG: 'MP' };
