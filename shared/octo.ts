/** OCTO capabilities this supplier serves beyond the core (resellers ask with Octo-Capabilities). */
export const SERVED_CAPABILITIES = ['octo/pricing'] as const;
export type Capability = (typeof SERVED_CAPABILITIES)[number];
