/** The product's name, in one place: titles, description and the UI read it from here. */
export const PRODUCT_NAME = 'Tourdesk';

/** `<Page> | Tourdesk`, or `Tourdesk` alone when the page has no title of its own. */
export function pageTitle(title?: string | null): string {
  const page = title?.trim();
  return page ? `${page} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
