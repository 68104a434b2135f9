import type { Schemas } from '../../shared/contract';
import { OTA_LABELS, otaLabel } from '../../shared/otas';
import { EMAIL_TYPES, type EmailType } from '../../shared/statuses';
import type { Order } from '../repo/orders';
import { zoneFormatters } from '../time/zone-formatter';

/** The variables an e-mail template may name, in one place: the editor lists them (GET
 *  /api/v1/products/mailVariables), validation refuses any other name, and rendering fills exactly
 *  these. Optional ones are nil when not given, so templates guard them with {% if %}. */
export { EMAIL_TYPES, type EmailType };

/** A product's mail content for an OTA is the CONFIRMATION e-mail of its orders from that OTA. */
export const PRODUCT_CONTENT_TYPE: EmailType = 'CONFIRMATION';

export type MailVariable = Schemas['MailVariable'];

const otaNames = Object.values(OTA_LABELS);

/** Name and description of the variables every type has, always given. */
const OF_EVERY_TYPE: [name: string, description: string][] = [
  ['customerName', "The customer's full name"],
  ['customerEmail', "The customer's e-mail address"],
  ['displayId', 'The order number in Tourdesk, e.g. VN-000123'],
  ['otaOrderId', 'The booking reference at the OTA'],
  ['ota', `The OTA the booking came from: ${otaNames.slice(0, -1).join(', ')} or ${otaNames.at(-1)}`],
  ['productName', 'The name of the product'],
  ['route', "The product's route, e.g. Hanoi → Ha Long Bay"],
  ['pack', "The product's package, or its name when it has none: show it with {% if pack != productName %}"],
  ['departureDate', "The departure day in the team's timezone, e.g. Tue 1 Jan 2036"],
  ['departureTime', "The departure time (24 h) in the team's timezone, e.g. 07:30"],
  ['quantity', 'The number of guests (a number)'],
  ['adults', 'The number of adults (a number)'],
  ['children', 'The number of children (a number)'],
  ['teamName', 'The name of your team'],
];

/** Name, description and types of the variables a send request may give (nil when not given). */
const GIVEN_WHEN_SENT: [name: string, description: string, types: EmailType[]][] = [
  ['meetingPoint', 'Where the guests meet', ['INFORMATION']],
  ['meetingTime', 'When the guests meet', ['INFORMATION']],
  ['guideName', "The guide's name", ['INFORMATION']],
  ['guidePhone', "The guide's phone number", ['INFORMATION']],
  ['guideEmail', "The guide's e-mail address", ['INFORMATION']],
  ['message', 'The message written when sending', ['INFORMATION', 'INQUIRY']],
  ['cancelReason', 'Why the booking was canceled', ['CANCELLATION']],
];

export const MAIL_VARIABLES: readonly MailVariable[] = [
  ...OF_EVERY_TYPE.map(([name, description]) => ({ name, description, emailTypes: [...EMAIL_TYPES], optional: false })),
  ...GIVEN_WHEN_SENT.map(([name, description, emailTypes]) => ({ name, description, emailTypes, optional: true })),
];

/** The names a template of this type may use. */
export function variableNames(type: EmailType): Set<string> {
  return new Set(MAIL_VARIABLES.filter((v) => v.emailTypes.includes(type)).map((v) => v.name));
}

/** What a send request adds: INFORMATION's details, CANCELLATION's reason, INQUIRY's message. */
export interface SendDetails {
  meetingPoint?: string;
  meetingTime?: string;
  guide?: { name: string; phone: string | null; email: string };
  message?: string;
  cancelReason?: string;
}

export interface VariableSource {
  type: EmailType;
  order: Order;
  productName: string;
  productPack: string | null;
  team: { name: string; timezone: string };
  details: SendDetails;
}

/** Intl's formatter, one per timezone: dayjs's tz() builds the same kind of formatter on every call,
 *  which cost about 180 µs a message, most of a 1,000-order send. */
const departureFormat = zoneFormatters('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Tue 1 Jan 2036" and "07:30" in the timezone. */
export function localDeparture(at: string, timeZone: string): { date: string; time: string } {
  const f = departureFormat(timeZone);
  const part: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(at))) part[p.type] = p.value;
  return { date: `${part.weekday} ${part.day} ${part.month} ${part.year}`, time: `${part.hour}:${part.minute}` };
}

/** Blank text is "not given": nil, so {% if %} skips it instead of printing an empty slot. */
const given = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The values of every variable of the type, from an order. */
export function variableValues(src: VariableSource): Record<string, string | number | null> {
  const { order, details } = src;
  const departure = localDeparture(order.departureAt, src.team.timezone);
  const all: Record<string, string | number | null> = {
    customerName: order.customer.name,
    customerEmail: order.customer.email,
    displayId: order.displayId,
    otaOrderId: order.otaOrderId,
    ota: otaLabel(order.ota),
    productName: src.productName,
    route: order.product.route || src.productName,
    pack: given(src.productPack) ?? src.productName,
    departureDate: departure.date,
    departureTime: departure.time,
    quantity: order.quantity.total,
    adults: order.quantity.adult,
    children: order.quantity.child,
    teamName: src.team.name,
    meetingPoint: given(details.meetingPoint),
    meetingTime: given(details.meetingTime),
    guideName: given(details.guide?.name),
    guidePhone: given(details.guide?.phone),
    guideEmail: given(details.guide?.email),
    message: given(details.message),
    cancelReason: given(details.cancelReason),
  };
  const names = variableNames(src.type);
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)));
}
