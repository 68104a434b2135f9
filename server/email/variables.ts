import type { Schemas } from '../contract';
import type { Order } from '../repo/orders';

/** The variables an e-mail template may name, in one place: the editor lists them (GET
 *  /api/v1/products/mailVariables), validation refuses any other name, and rendering fills exactly
 *  these. Optional ones are nil when not given, so templates guard them with {% if %}. */
export type EmailType = Schemas['EmailType'];
export const EMAIL_TYPES: readonly EmailType[] = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY'];

/** A product's mail content for an OTA is the CONFIRMATION e-mail of its orders from that OTA. */
export const PRODUCT_CONTENT_TYPE: EmailType = 'CONFIRMATION';

export type MailVariable = Schemas['MailVariable'];

const ALL = EMAIL_TYPES;

export const MAIL_VARIABLES: readonly MailVariable[] = [
  { name: 'customerName', description: "The customer's full name", emailTypes: [...ALL], optional: false },
  { name: 'customerEmail', description: "The customer's e-mail address", emailTypes: [...ALL], optional: false },
  {
    name: 'displayId',
    description: 'The order number in Tourdesk, e.g. VN-000123',
    emailTypes: [...ALL],
    optional: false,
  },
  { name: 'otaOrderId', description: 'The booking reference at the OTA', emailTypes: [...ALL], optional: false },
  {
    name: 'ota',
    description: 'The OTA the booking came from: Klook, KKday, Viator or MPG',
    emailTypes: [...ALL],
    optional: false,
  },
  { name: 'productName', description: 'The name of the product', emailTypes: [...ALL], optional: false },
  {
    name: 'route',
    description: "The product's route, e.g. Hanoi → Ha Long Bay",
    emailTypes: [...ALL],
    optional: false,
  },
  {
    name: 'pack',
    description: "The product's package, or its name when it has none",
    emailTypes: [...ALL],
    optional: false,
  },
  {
    name: 'departureDate',
    description: "The departure day in the team's timezone, e.g. Tue 1 Jan 2036",
    emailTypes: [...ALL],
    optional: false,
  },
  {
    name: 'departureTime',
    description: "The departure time (24 h) in the team's timezone, e.g. 07:30",
    emailTypes: [...ALL],
    optional: false,
  },
  { name: 'quantity', description: 'The number of guests (a number)', emailTypes: [...ALL], optional: false },
  { name: 'adults', description: 'The number of adults (a number)', emailTypes: [...ALL], optional: false },
  { name: 'children', description: 'The number of children (a number)', emailTypes: [...ALL], optional: false },
  { name: 'teamName', description: 'The name of your team', emailTypes: [...ALL], optional: false },
  { name: 'meetingPoint', description: 'Where the guests meet', emailTypes: ['INFORMATION'], optional: true },
  { name: 'meetingTime', description: 'When the guests meet', emailTypes: ['INFORMATION'], optional: true },
  { name: 'guideName', description: "The guide's name", emailTypes: ['INFORMATION'], optional: true },
  { name: 'guidePhone', description: "The guide's phone number", emailTypes: ['INFORMATION'], optional: true },
  { name: 'guideEmail', description: "The guide's e-mail address", emailTypes: ['INFORMATION'], optional: true },
  {
    name: 'message',
    description: 'The message written when sending',
    emailTypes: ['INFORMATION', 'INQUIRY'],
    optional: true,
  },
  { name: 'cancelReason', description: 'Why the booking was canceled', emailTypes: ['CANCELLATION'], optional: true },
];

/** The names a template of this type may use. */
export function variableNames(type: EmailType): Set<string> {
  return new Set(MAIL_VARIABLES.filter((v) => v.emailTypes.includes(type)).map((v) => v.name));
}

const OTA_LABEL: Record<string, string> = { KLOOK: 'Klook', KKDAY: 'KKday', VIATOR: 'Viator', MPG: 'MPG' };

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
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Tue 1 Jan 2036" and "07:30" in the timezone. */
export function localDeparture(at: string, timeZone: string): { date: string; time: string } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
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
    ota: OTA_LABEL[order.ota] ?? order.ota,
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
