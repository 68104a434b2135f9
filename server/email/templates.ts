import { checkTemplate, renderTemplate, TemplateError } from './engine';
import { PRODUCT_CONTENT_TYPE, variableValues, type EmailType, type VariableSource } from './variables';

/**
 * What a message says. CONFIRMATION comes from the product's mail content for the order's OTA
 * (the built-in one when it has none); the other types from their built-in template. Rendered are
 * the subject (one line) and the text; the HTML part is made from the text (html.ts).
 */
export interface MailContent {
  subject: string;
  body: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

const SIGNATURE = '\n\nBest regards,\n{{ teamName }}';
/** The product, then its package in brackets only when it has one of its own: never "Tonle Sap (Tonle Sap)". */
const PRODUCT_AND_PACK = '{{ productName }}{% if pack != productName %} ({{ pack }}){% endif %}';
const GUESTS = '{{ quantity }} {% if quantity == 1 %}guest{% else %}guests{% endif %}';

export const BUILT_IN: Record<EmailType, MailContent> = {
  CONFIRMATION: {
    subject: 'Booking confirmed: {{ productName }} on {{ departureDate }}',
    body:
      'Dear {{ customerName }},\n\n' +
      `Your booking {{ otaOrderId }} for ${PRODUCT_AND_PACK} on {{ departureDate }} at {{ departureTime }} for ${GUESTS} is confirmed.\n\n` +
      'Route: {{ route }}' +
      SIGNATURE,
  },
  INFORMATION: {
    subject: 'Your tour details: {{ productName }} on {{ departureDate }}',
    body:
      'Dear {{ customerName }},\n\n' +
      'Here are the details of your tour {{ productName }} on {{ departureDate }} at {{ departureTime }}.\n' +
      '{% if meetingPoint %}\nMeeting point: {{ meetingPoint }}{% endif %}' +
      '{% if meetingTime %}\nMeeting time: {{ meetingTime }}{% endif %}' +
      '{% if guideName %}\nYour guide: {{ guideName }}{% if guidePhone %} ({{ guidePhone }}){% endif %}{% endif %}' +
      '{% if message %}\n\n{{ message }}{% endif %}' +
      SIGNATURE,
  },
  CANCELLATION: {
    subject: 'Booking canceled: {{ productName }} on {{ departureDate }}',
    body:
      'Dear {{ customerName }},\n\n' +
      'Your booking {{ otaOrderId }} for {{ productName }} on {{ departureDate }} at {{ departureTime }} has been canceled.' +
      '{% if cancelReason %}\n\nReason: {{ cancelReason }}{% endif %}' +
      SIGNATURE,
  },
  REVIEW: {
    subject: 'How was {{ productName }}?',
    body:
      'Dear {{ customerName }},\n\n' +
      'Thank you for joining {{ productName }} on {{ departureDate }}. ' +
      'We would love to hear about your experience: a review on {{ ota }} helps other travellers find us.' +
      SIGNATURE,
  },
  INQUIRY: {
    subject: 'About your booking {{ otaOrderId }}',
    body: 'Dear {{ customerName }},\n\n{{ message }}' + SIGNATURE,
  },
};

/** Throws TemplateError (with the field at fault) unless both parts can be a product's mail content. */
export function checkMailContent(content: MailContent): void {
  const subjectBlank = !content.subject.trim();
  const bodyBlank = !content.body.trim();
  if (subjectBlank !== bodyBlank) {
    const field = subjectBlank ? 'subject' : 'body';
    throw new TemplateError(field, `The ${field} is empty: give both, or neither to use the built-in template`);
  }
  checkTemplate('subject', content.subject, PRODUCT_CONTENT_TYPE);
  checkTemplate('body', content.body, PRODUCT_CONTENT_TYPE);
}

/** The product's own content for an OTA, or null when it has none (blank parts count as none). */
export function customContent(
  mailContent: Record<string, Partial<MailContent>> | null | undefined,
  ota: string,
): MailContent | null {
  const given = mailContent?.[ota];
  return given?.subject?.trim() && given.body?.trim() ? { subject: given.subject, body: given.body } : null;
}

export interface RenderInput extends VariableSource {
  /** The product's own content for the order's OTA (used by CONFIRMATION only). */
  content: MailContent | null;
}

/** Renders a message; throws TemplateError when its template cannot be rendered. */
export function renderMail(input: RenderInput): RenderedMail {
  const template = (input.type === PRODUCT_CONTENT_TYPE ? input.content : null) ?? BUILT_IN[input.type];
  const values = variableValues(input);
  const subject = renderTemplate('subject', template.subject, values).replace(/\s+/g, ' ').trim();
  if (!subject) throw new TemplateError('subject', 'The subject renders empty');
  const text = renderTemplate('body', template.body, values).trim();
  if (!text) throw new TemplateError('body', 'The body renders empty');
  return { subject, text };
}
