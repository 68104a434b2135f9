/** The OTAs (channels) orders come from, and the names operators and customers read. */
export const OTAS = ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const;
export type Ota = (typeof OTAS)[number];

export const OTA_LABELS = { KLOOK: 'Klook', KKDAY: 'KKday', VIATOR: 'Viator', MPG: 'MPG' } as const satisfies Record<
  Ota,
  string
>;

export const isOta = (value: string): value is Ota => (OTAS as readonly string[]).includes(value);

/** The name of an OTA code; an unknown code stays as it is. */
export const otaLabel = (ota: string): string => (isOta(ota) ? OTA_LABELS[ota] : ota);
