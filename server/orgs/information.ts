import type { Schemas } from '../../shared/contract';

/** An organization's contact information, as stored and as the contract shows it. */
type Information = Schemas['OrgInformation'];
type InformationInput = Schemas['OrgInformationInput'];

/**
 * The `information` column: the contact information, and the country chosen at stage 2 (kept
 * there, schemaless, until the plan stage creates the team with it).
 */
export type StoredInformation = Partial<Information> & { countryCode?: string };

/** The information with every field, what is given taking precedence over what is stored. */
export function orgInformation(stored: Partial<Information> | null, given?: InformationInput): Information {
  const poc = { fullName: '', email: '', phone: '', jobTitle: '', ...stored?.pointOfContact, ...given?.pointOfContact };
  return {
    serviceCountry: given?.serviceCountry ?? stored?.serviceCountry ?? [],
    serviceCity: given?.serviceCity ?? stored?.serviceCity ?? [],
    pointOfContact: poc,
  };
}

/** The column's new value: the information merged with what is given, and the country if one is. */
export function storedInformation(
  current: StoredInformation | null,
  given: { countryCode?: string; information?: InformationInput },
): StoredInformation {
  const countryCode = given.countryCode ?? current?.countryCode;
  return { ...orgInformation(current, given.information), ...(countryCode ? { countryCode } : {}) };
}

/** The display id an organization of this name gets when it does not choose one (before uniqueness). */
export function displayIdSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'org'
  );
}
