import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { Order } from '../repo/orders';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Message bodies. The product's mail content for the order's OTA is the CONFIRMATION e-mail (a default
 *  when none is set); the other types use their default template, in which {{productMail}} stands for
 *  the product's filled body. Placeholders are filled from the order, the team and the request. */
export type EmailType = 'CONFIRMATION' | 'INFORMATION' | 'CANCELLATION' | 'REVIEW' | 'INQUIRY';

export interface MailContent {
  subject: string;
  body: string;
}

const DEFAULTS: Record<EmailType, MailContent> = {
  CONFIRMATION: {
    subject: 'Booking confirmed: {{route}} on {{departureDate}}',
    body: 'Dear {{customerName}},\n\nYour booking {{otaOrderId}} for {{route}} ({{pack}}) on {{departureDate}} at {{departureTime}} for {{quantity}} guest(s) is confirmed.\n\nBest regards,\n{{teamName}}',
  },
  INFORMATION: {
    subject: 'Your tour details: {{route}} on {{departureDate}}',
    body: 'Dear {{customerName}},\n\nHere are the details of your tour {{route}} on {{departureDate}}.\nMeeting point: {{meetingPoint}}\nMeeting time: {{meetingTime}}\nGuide: {{guideName}} {{guidePhone}}\n\n{{message}}\n\nBest regards,\n{{teamName}}',
  },
  CANCELLATION: {
    subject: 'Booking canceled: {{route}} on {{departureDate}}',
    body: 'Dear {{customerName}},\n\nYour booking {{otaOrderId}} for {{route}} on {{departureDate}} has been canceled.\n{{reason}}\n\nBest regards,\n{{teamName}}',
  },
  REVIEW: {
    subject: 'How was {{route}}?',
    body: 'Dear {{customerName}},\n\nThank you for joining {{route}}. We would love to hear about your experience.\n\nBest regards,\n{{teamName}}',
  },
  INQUIRY: {
    subject: 'About your booking {{otaOrderId}}',
    body: 'Dear {{customerName}},\n\n{{message}}\n\nBest regards,\n{{teamName}}',
  },
};

export interface TemplateInput {
  type: EmailType;
  /** The product's mail_content jsonb: { KLOOK: { subject, body }, ... }. */
  mailContent: Record<string, Partial<MailContent>> | null;
  order: Order;
  team: { name: string; timezone: string };
  extra: Record<string, string | undefined>;
}

export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => vars[key] ?? '');
}

export function render(input: TemplateInput): MailContent {
  const { order, team } = input;
  const given = input.mailContent?.[order.ota];
  const custom = given?.subject?.trim() && given.body?.trim() ? (given as MailContent) : null;
  const base = input.type === 'CONFIRMATION' && custom ? custom : DEFAULTS[input.type];
  const departure = dayjs(order.departureAt).tz(team.timezone);
  const vars: Record<string, string> = {
    customerName: order.customer.name,
    customerEmail: order.customer.email,
    displayId: order.displayId,
    otaOrderId: order.otaOrderId,
    ota: order.ota,
    route: order.product.route,
    pack: order.product.pack,
    departureDate: departure.format('YYYY-MM-DD'),
    departureTime: departure.format('HH:mm'),
    quantity: String(order.quantity.total),
    adults: String(order.quantity.adult),
    children: String(order.quantity.child),
    teamName: team.name,
    emailType: input.type,
    ...Object.fromEntries(Object.entries(input.extra).filter((e): e is [string, string] => e[1] !== undefined)),
  };
  vars.productMail = custom ? fill(custom.body, vars) : '';
  return { subject: fill(base.subject, vars).replace(/\s+/g, ' ').trim(), body: fill(base.body, vars) };
}
