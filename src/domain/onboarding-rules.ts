import { findCountry } from '../../shared/countries';
import { OTA_LABELS, type Ota } from '../../shared/otas';

/** The onboarding stages of SPEC section 4, 1 (sign-in) to 7 (closed). */
export const STAGES = [
  { stage: 1, title: 'Sign in' },
  { stage: 2, title: 'Organization' },
  { stage: 3, title: 'Contact information' },
  { stage: 4, title: 'Plan' },
  { stage: 5, title: 'OTA accounts' },
  { stage: 6, title: 'Completion' },
  { stage: 7, title: 'Closed' },
] as const;

export type Stage = (typeof STAGES)[number]['stage'];

export const FIRST_STAGE: Stage = 1;
export const LAST_STAGE: Stage = 7;

export function isStage(value: unknown): value is Stage {
  return typeof value === 'number' && Number.isInteger(value) && value >= FIRST_STAGE && value <= LAST_STAGE;
}

export function stageTitle(stage: Stage): string {
  return STAGES[stage - 1].title;
}

/** Plans an organization can choose (kept on the organization as `plan`). */
export const PLANS = [
  { id: 'starter', label: 'Starter', description: 'One team, up to 500 orders a month' },
  { id: 'growth', label: 'Growth', description: 'Several teams, up to 5,000 orders a month' },
  { id: 'enterprise', label: 'Enterprise', description: 'Unlimited teams and orders, priority support' },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];

export function isPlan(value: unknown): value is PlanId {
  return PLANS.some((p) => p.id === value);
}

/** Everything the stages ask for, as typed in the forms (lists as comma-separated text). */
export interface OnboardingValues {
  name: string;
  countryCode: string;
  serviceCountries: string;
  serviceCities: string;
  fullName: string;
  email: string;
  phone: string;
  jobTitle: string;
  plan: string;
}

export type OnboardingField = keyof OnboardingValues;

export const EMPTY_VALUES: OnboardingValues = {
  name: '',
  countryCode: '',
  serviceCountries: '',
  serviceCities: '',
  fullName: '',
  email: '',
  phone: '',
  jobTitle: '',
  plan: '',
};

export type FieldErrors = Partial<Record<OnboardingField, string>>;

export const MESSAGES = {
  name: 'Enter the name of your organization.',
  countryCode: 'Choose the country your team works from.',
  serviceCountries: 'Enter at least one country you serve, separated by commas.',
  serviceCities: 'Enter at least one city you serve, separated by commas.',
  fullName: 'Enter the full name of your point of contact.',
  email: 'Enter a valid email address, like name@example.com.',
  phone: 'Enter a phone number of 6 to 15 digits; +, spaces, dashes and brackets are allowed.',
  jobTitle: 'Enter the job title of your point of contact.',
  plan: 'Choose a plan.',
} as const satisfies Record<OnboardingField, string>;

/** "Vietnam, Cambodia ," -> ['Vietnam', 'Cambodia'] (trimmed, no empties, no duplicates). */
export function toList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export function fromList(list: readonly string[]): string {
  return list.join(', ');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^\+?[\d\s\-()]+$/;

function isPhone(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return PHONE_CHARS.test(text.trim()) && digits >= 6 && digits <= 15;
}

const CHECKS: Record<OnboardingField, (v: string) => boolean> = {
  name: (v) => v.trim().length > 0 && v.trim().length <= 100,
  countryCode: (v) => findCountry(v) !== undefined,
  serviceCountries: (v) => toList(v).length > 0,
  serviceCities: (v) => toList(v).length > 0,
  fullName: (v) => v.trim().length > 0,
  email: (v) => EMAIL.test(v.trim()),
  phone: isPhone,
  jobTitle: (v) => v.trim().length > 0,
  plan: isPlan,
};

/** The fields each form stage asks for. */
export const STAGE_FIELDS = {
  2: ['name', 'countryCode'],
  3: ['serviceCountries', 'serviceCities', 'fullName', 'email', 'phone', 'jobTitle'],
  4: ['plan'],
} as const satisfies Partial<Record<Stage, readonly OnboardingField[]>>;

export type FormStage = keyof typeof STAGE_FIELDS;

export function isFormStage(stage: number): stage is FormStage {
  return stage in STAGE_FIELDS;
}

/** The messages for a stage's invalid fields; empty when the stage may advance. */
export function validateStage(stage: FormStage, values: OnboardingValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of STAGE_FIELDS[stage]) {
    if (!CHECKS[field](values[field])) errors[field] = MESSAGES[field];
  }
  return errors;
}

export function isStageValid(stage: FormStage, values: OnboardingValues): boolean {
  return Object.keys(validateStage(stage, values)).length === 0;
}

/** The organization as the server keeps it (the parts onboarding reads back). */
export interface OrgSnapshot {
  id: string;
  name: string;
  countryCode: string | null;
  plan: string | null;
  stage: number;
  teamId: string | null;
  information: {
    serviceCountry: string[];
    serviceCity: string[];
    pointOfContact: { fullName: string; email: string; phone: string; jobTitle: string };
  };
}

/**
 * Values from the organization on the server and this browser's draft: what the server saved wins
 * (another browser may have gone further since the draft was written); the draft keeps what the
 * server has not got yet, such as the fields of the stage being typed in.
 */
export function mergeOrg(draft: OnboardingValues, org: OrgSnapshot): OnboardingValues {
  const poc = org.information.pointOfContact;
  const server: OnboardingValues = {
    name: org.name,
    countryCode: org.countryCode ?? '',
    serviceCountries: fromList(org.information.serviceCountry),
    serviceCities: fromList(org.information.serviceCity),
    fullName: poc.fullName,
    email: poc.email,
    phone: poc.phone,
    jobTitle: poc.jobTitle,
    plan: org.plan ?? '',
  };
  const merged = { ...draft };
  for (const key of Object.keys(merged) as OnboardingField[]) {
    if (server[key].trim()) merged[key] = server[key];
  }
  return merged;
}

/** The contact information as the server takes it. */
export function toInformation(values: OnboardingValues) {
  return {
    serviceCountry: toList(values.serviceCountries),
    serviceCity: toList(values.serviceCities),
    pointOfContact: {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      jobTitle: values.jobTitle.trim(),
    },
  };
}

/** OTA accounts: onboarding stage 5 and the OTA dialog need at least one selected. */
export const OTA_SELECTION_MESSAGE = 'Select at least one OTA account.';

/** An OTA inbox as the person typed it (one per OTA). */
export interface OtaInbox {
  ota: Ota;
  email: string;
}

/**
 * What is wrong with the OTA inboxes as typed, or null: each must be an e-mail address, and no two
 * OTAs share one (an inbox is chosen by its address).
 */
export function inboxProblem(inboxes: readonly OtaInbox[]): string | null {
  const bad = inboxes.find((i) => !EMAIL.test(i.email.trim()));
  if (bad) return `Enter a valid e-mail address for ${OTA_LABELS[bad.ota]}, like bookings@example.com.`;
  const seen = new Set<string>();
  for (const inbox of inboxes) {
    const address = inbox.email.trim().toLowerCase();
    if (seen.has(address)) return `Each OTA needs its own inbox: ${inbox.email.trim()} is given twice.`;
    seen.add(address);
  }
  return null;
}
