import type { operations } from '../src/api/schema';
import { roleAtLeast, type Role } from './statuses';

/**
 * The role matrix, one table for server and app: what each operation of the contract needs.
 * - MEMBER does the daily work: orders, tours, statuses, edits, comments, e-mails, exports, reading
 *   products, marketing, settings and members.
 * - EDITOR also deletes and restores, imports orders by hand, edits products' mail content, their
 *   schedules and marketing.
 * - ADMIN also manages the team: its name and logo, members and invitations, OTA accounts, channel
 *   API keys.
 * - 'platform-admin': an ADMIN of the Tech Team (feature flags are global).
 * - 'signed-in': any signed-in account, in a team or not (their own profile, onboarding).
 * - 'public': no sign-in (the link or the ID token is the key).
 * The server enforces it (server/http/operation.ts hands each handler the role its operation needs);
 * the app asks `can(role, operationId)` before it shows a control.
 */
export type OperationId = keyof operations;
export type Requirement = Role | 'platform-admin' | 'signed-in' | 'public';

export const OPERATION_ACCESS = {
  // orders
  listOrders: 'MEMBER',
  getOrder: 'MEMBER',
  updateOrderStatusBatch: 'MEMBER',
  updateOrders: 'MEMBER',
  createOrders: 'EDITOR',
  exportOrdersCsv: 'MEMBER',
  updateOrdersExportMessage: 'MEMBER',
  sendOrderEmail: 'MEMBER',
  previewOrderEmail: 'MEMBER',
  listOrderEmails: 'MEMBER',
  addOrderComment: 'MEMBER',
  deleteOrder: 'EDITOR',
  restoreOrder: 'EDITOR',
  listDeleted: 'EDITOR',
  countOrdersDaily: 'MEMBER',
  countOrdersTotal: 'MEMBER',
  getOrderStatistics: 'MEMBER',
  checkInOrder: 'MEMBER',
  // tours
  listTours: 'MEMBER',
  getTour: 'MEMBER',
  updateTours: 'MEMBER',
  updateTourStatusBatch: 'MEMBER',
  unlinkOrder: 'MEMBER',
  linkOrders: 'MEMBER',
  createTour: 'MEMBER',
  deleteTour: 'EDITOR',
  restoreTour: 'EDITOR',
  exportToursCsv: 'MEMBER',
  updateToursExportMessage: 'MEMBER',
  addTourComment: 'MEMBER',
  countToursTotal: 'MEMBER',
  // the tour day: manifests of a tour or of a departure without one
  getTourManifest: 'MEMBER',
  exportTourManifestCsv: 'MEMBER',
  getDepartureManifest: 'MEMBER',
  exportDepartureManifestCsv: 'MEMBER',
  // products and their mail content
  listProducts: 'MEMBER',
  listMailVariables: 'signed-in',
  getMailContent: 'MEMBER',
  updateMailContent: 'EDITOR',
  previewMailContent: 'MEMBER',
  // users, orgs, invitations
  signIn: 'public',
  register: 'public',
  logout: 'signed-in',
  getMe: 'signed-in',
  getOrg: 'signed-in',
  getMyOrg: 'signed-in',
  upsertOrg: 'signed-in',
  getInvitation: 'public',
  acceptInvitation: 'signed-in',
  // settings and members
  getUserSetting: 'signed-in',
  updateUserSetting: 'signed-in',
  getTeamSetting: 'MEMBER',
  updateTeamSetting: 'ADMIN',
  listTeamMembers: 'MEMBER',
  updateMemberRole: 'ADMIN',
  removeMember: 'ADMIN',
  listMemberEvents: 'ADMIN',
  listInvitations: 'ADMIN',
  inviteMember: 'ADMIN',
  revokeInvitation: 'ADMIN',
  getOtaAccounts: 'MEMBER',
  updateOtaAccounts: 'ADMIN',
  // the channel: API keys, products' schedules, the inbox
  listChannelKeys: 'ADMIN',
  createChannelKey: 'ADMIN',
  revokeChannelKey: 'ADMIN',
  getProductSchedule: 'MEMBER',
  updateProductSchedule: 'EDITOR',
  listInbox: 'MEMBER',
  countInbox: 'MEMBER',
  acknowledgeInboxItem: 'MEMBER',
  // guides, marketing, flags, exports, health
  searchGuides: 'MEMBER',
  listAdGroups: 'MEMBER',
  listAds: 'MEMBER',
  getAdGroup: 'MEMBER',
  createAd: 'EDITOR',
  updateAd: 'EDITOR',
  createAdGroup: 'EDITOR',
  addAdGroupItems: 'EDITOR',
  setAdGroupItems: 'EDITOR',
  updateAdGroup: 'EDITOR',
  deleteAdGroup: 'EDITOR',
  listFeatures: 'signed-in',
  updateFeature: 'platform-admin',
  downloadExport: 'public',
  getHealth: 'public',
  getHealthLive: 'public',
  getHealthReady: 'public',
  // live events
  streamEvents: 'MEMBER',
} as const satisfies Record<OperationId, Requirement>;

/** The least team role an operation needs (MEMBER for those that need no team role). */
export function roleFor(operationId: OperationId): Role {
  const needs: Requirement = OPERATION_ACCESS[operationId];
  return needs === 'ADMIN' || needs === 'EDITOR' ? needs : 'MEMBER';
}

/** Whether a member with `role` in a team may call the operation for that team. */
export function can(role: Role | null | undefined, operationId: OperationId): boolean {
  const needs: Requirement = OPERATION_ACCESS[operationId];
  if (needs === 'public' || needs === 'signed-in') return true;
  if (needs === 'platform-admin') return false; // asked through the user's isPlatformAdmin
  return role != null && roleAtLeast(role, needs);
}
