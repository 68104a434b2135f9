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

const p = (
  id: string,
  name: string,
  route: string,
  pack: string | null,
  price: number,
  starts: string[],
): ProductSeed => ({
  id,
  name,
  route,
  pack,
  price,
  starts,
});

export const TEAMS: TeamSeed[] = [
  {
    code: 'VN',
    name: 'Vietnam',
    currency: 'VND',
    weight: 40,
    products: [
      p('HN-HALONG-DAY', 'Ha Long Bay Day Cruise', 'Hanoi → Ha Long Bay', 'Day cruise', 1_450_000, ['07:30', '08:00']),
      p('HN-HALONG-2D', 'Ha Long Bay Overnight Cruise', 'Hanoi → Ha Long Bay', '2 days 1 night', 3_900_000, ['07:45']),
      p('HN-NINHBINH', 'Ninh Binh & Trang An Boat Ride', 'Hanoi → Ninh Binh', 'Small group', 1_150_000, [
        '07:30',
        '08:15',
      ]),
      p('HN-SAPA-2D', 'Sapa Rice Terraces Trek', 'Hanoi → Sapa', '2 days 1 night', 2_800_000, ['06:30', '21:30']),
      p('HCM-CUCHI', 'Cu Chi Tunnels Half Day', 'Ho Chi Minh City → Cu Chi', null, 650_000, ['07:30', '12:30']),
      p('HCM-MEKONG', 'Mekong Delta Day Trip', 'Ho Chi Minh City → My Tho → Ben Tre', 'Day trip', 900_000, ['07:45']),
      p('HUE-CITY', 'Hue Imperial City Tour', 'Hue', null, 800_000, ['08:00', '13:30']),
      p('DN-BANA', 'Ba Na Hills & Golden Bridge', 'Da Nang → Ba Na Hills', 'Day trip', 1_600_000, ['08:00']),
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    currency: 'JPY',
    weight: 20,
    products: [
      p('TYO-FUJI', 'Mount Fuji & Hakone Day Tour', 'Tokyo → Hakone → Mt Fuji', 'Day tour', 16_000, ['07:50', '08:30']),
      p('TYO-NIKKO', 'Nikko World Heritage Tour', 'Tokyo → Nikko', null, 14_500, ['08:00']),
      p('TYO-FOOD', 'Tsukiji Morning Food Walk', 'Tokyo', 'Small group', 8_500, ['09:00', '10:30']),
      p('KYO-ARASHIYAMA', 'Arashiyama Bamboo & Temples', 'Kyoto → Arashiyama', 'Morning', 9_800, ['08:30']),
      p('OSA-NARA', 'Nara & Fushimi Inari', 'Osaka → Nara → Kyoto', 'Day tour', 11_000, ['08:40']),
    ],
  },
  {
    code: 'FR',
    name: 'France',
    currency: 'EUR',
    weight: 18,
    products: [
      p('PAR-VERSAILLES', 'Versailles Palace & Gardens', 'Paris → Versailles', 'Half day', 79, ['08:45', '13:30']),
      p('PAR-GIVERNY', "Giverny: Monet's House & Garden", 'Paris → Giverny', null, 95, ['08:00']),
      p('PAR-MSM', 'Mont Saint-Michel Day Trip', 'Paris → Mont Saint-Michel', 'Day trip', 169, ['07:15']),
      p('PAR-CHAMPAGNE', 'Champagne Tasting in Reims', 'Paris → Reims → Epernay', 'Day trip', 189, ['08:30']),
      p('PAR-LOIRE', 'Loire Valley Castles', 'Paris → Chambord → Chenonceau', null, 159, ['07:30']),
    ],
  },
  {
    code: 'TH',
    name: 'Thailand',
    currency: 'THB',
    weight: 10,
    products: [
      p('BKK-FLOAT', 'Damnoen Saduak Floating Market', 'Bangkok → Damnoen Saduak', 'Morning', 1_200, [
        '06:30',
        '07:00',
      ]),
      p('BKK-AYUT', 'Ayutthaya Temples Day Trip', 'Bangkok → Ayutthaya', 'Day trip', 1_900, ['07:30']),
      p('CNX-ELEPH', 'Elephant Sanctuary Visit', 'Chiang Mai', 'Half day', 2_400, ['08:00', '13:00']),
      p('HKT-PHIPHI', 'Phi Phi Islands by Speedboat', 'Phuket → Phi Phi', null, 2_800, ['07:15']),
    ],
  },
  {
    code: 'KH',
    name: 'Cambodia',
    currency: 'USD',
    weight: 7,
    products: [
      p('REP-ANGKOR', 'Angkor Wat Sunrise', 'Siem Reap → Angkor', 'Small group', 45, ['04:50']),
      p('REP-TONLE', 'Tonle Sap Floating Village', 'Siem Reap → Tonle Sap', null, 35, ['13:30']),
      p('PNH-CITY', 'Phnom Penh City Tour', 'Phnom Penh', 'Half day', 30, ['08:00', '14:00']),
    ],
  },
  {
    code: 'XX',
    name: 'Tech Team',
    currency: 'USD',
    weight: 5,
    products: [
      p('XX-TEST-A', 'Test Tour A', 'Test Route A', 'Standard', 100, ['09:00']),
      p('XX-TEST-B', 'Test Tour B', 'Test Route B', null, 50, ['10:00', '15:00']),
      p('XX-BENCH', 'Benchmark Tour', 'Anywhere → Everywhere', 'Large group', 10, ['08:00', '12:00', '16:00']),
    ],
  },
];

/** Rough rates to USD for the orders an OTA settles in dollars. */
export const USD_RATE: Record<string, number> = { VND: 25_000, JPY: 150, EUR: 0.92, THB: 36, USD: 1 };

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
export const OTA_NAME: Record<string, string> = { KLOOK: 'Klook', KKDAY: 'KKday', VIATOR: 'Viator', MPG: 'MPG' };
