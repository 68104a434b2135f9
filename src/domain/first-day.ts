import { can, type OperationId } from '../../shared/permissions';
import { PATHS } from './paths';
import type { Role } from './statuses';

/**
 * Where onboarding ends: a new team's first steps, each a place in the app. A step shows only to
 * a role that may take it (shared/permissions.ts), like the navigation's links.
 */
export interface FirstDayStep {
  id: 'channel' | 'colleague' | 'import';
  title: string;
  text: string;
  action: string;
  to: string;
  operation: OperationId;
}

/** The settings dialog opened on one of its pages (`/setting?page=member`). */
export const settingsPagePath = (page: 'member' | 'connections') => `${PATHS.settings}?page=${page}`;

export const FIRST_DAY_STEPS: readonly FirstDayStep[] = [
  {
    id: 'channel',
    title: 'Connect a channel',
    text: 'Create an API key for each OTA you sell through: their bookings then arrive as orders by themselves.',
    action: 'Open Connections',
    to: settingsPagePath('connections'),
    operation: 'listChannelKeys',
  },
  {
    id: 'colleague',
    title: 'Invite a colleague',
    text: 'Send an invitation link to the people who handle orders and tours with you, with their role.',
    action: 'Open Members',
    to: settingsPagePath('member'),
    operation: 'inviteMember',
  },
  {
    id: 'import',
    title: 'Import orders',
    text: 'Bring in the bookings you already have: POST them in batches to /api/v1/orders/batch with a channel key (Connections); an order sent again is updated, never doubled.',
    action: 'Get a key',
    to: settingsPagePath('connections'),
    // the batch takes a channel key, which Connections gives
    operation: 'listChannelKeys',
  },
];

export const firstDayStepsFor = (role: Role | null): FirstDayStep[] =>
  FIRST_DAY_STEPS.filter((step) => can(role, step.operation));
