import { badRequest } from '../http/errors';
import type { Params } from './paging';

/**
 * The search of orders (`q`): a prefix of the display id or of the OTA order id, case-insensitive,
 * or text contained in the customer's name or e-mail, case- and accent-insensitive, or the digits
 * of the customer's phone (typed with or without spaces, dashes or a leading +). Ids match from
 * their first character only ("0323" does not find KL03236505), digits-only input included: it
 * finds ids that begin with those digits and names or e-mails that contain them.
 *
 * Each arm has an index of its own (migration 009): (team, upper(id) text_pattern_ops) for the
 * prefixes, a trigram index on orders.search_text (name and e-mail folded by search_fold) for the
 * rest; the searched text is folded by the same SQL function, so both sides fold alike on any database.
 */

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The condition on orders `o` for the search text q (as the contract allows: 1 to 100 characters). */
export function searchWhere(q: string, p: Params): string {
  const text = q.trim();
  if (!text) throw badRequest('q: give some text to search for (it is only spaces)');
  const like = escapeLike(text);
  const prefix = p.add(`${like}%`);
  const digits = phoneDigits(text);
  const phone = digits ? `\n    OR o.search_text LIKE ${p.add(`%${digits}%`)}` : '';
  return `(upper(o.display_id) LIKE upper(${prefix}) OR upper(o.ota_order_id) LIKE upper(${prefix})
    OR o.search_text LIKE '%' || search_fold(${p.add(like)}) || '%'${phone})`;
}

/**
 * A phone number as typed ("+84 912 345", "(0)912-345"): its digits, when the text is written as a
 * phone is (digits, spaces and + ( ) - . /) with at least 3 digits and more than digits alone; the
 * stored phone is its digits on a line of search_text (migration 016), matched through the same
 * trigram index. Digits alone already match it through the name and e-mail arm.
 */
export function phoneDigits(text: string): string | null {
  if (!/^[+0-9 ()./-]+$/.test(text) || /^[0-9]+$/.test(text)) return null;
  const digits = text.replace(/[^0-9]/g, '');
  return digits.length >= 3 ? digits : null;
}
