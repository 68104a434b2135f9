import type { RouteHandlerMethod } from 'fastify';
import { routeHandler, type Handlers } from '../http/operation';
import {
  addAdGroupItems,
  createAd,
  createAdGroup,
  deleteAdGroup,
  getAdGroup,
  listAdGroups,
  listAds,
  setAdGroupItems,
  updateAd,
  updateAdGroup,
} from './ads';
import { createChannelKey, listChannelKeys, revokeChannelKey } from './channel-keys';
import { checkInOrder } from './check-in';
import { listDeleted } from './deleted';
import { streamEvents } from './events';
import {
  downloadExport,
  exportOrdersCsv,
  exportToursCsv,
  updateOrdersExportMessage,
  updateToursExportMessage,
} from './exports';
import { listFeatures, updateFeature } from './features';
import { searchGuides } from './guides';
import { getHealth, getHealthLive, getHealthReady } from './health';
import { getMailContent, listMailVariables, previewMailContent, updateMailContent } from './mail-content';
import {
  addOrderComment,
  countOrdersDaily,
  countOrdersTotal,
  deleteOrder,
  getOrder,
  listOrders,
  restoreOrder,
} from './orders';
import { createOrders } from './orders-create';
import { listOrderEmails, previewOrderEmail, sendOrderEmail } from './orders-email';
import { updateOrderStatusBatch, updateOrders } from './orders-write';
import { getMyOrg, getOrg, upsertOrg } from './orgs';
import { acknowledgeInboxItem, countInbox, listInbox } from './inbox';
import { exportDepartureManifestCsv, exportTourManifestCsv, getDepartureManifest, getTourManifest } from './manifests';
import { listProducts } from './products';
import { getProductSchedule, updateProductSchedule } from './schedules';
import {
  getOtaAccounts,
  getTeamSetting,
  getUserSetting,
  listTeamMembers,
  updateOtaAccounts,
  updateTeamSetting,
  updateUserSetting,
} from './settings';
import { getOrderStatistics } from './statistics';
import { addTourComment, countToursTotal, deleteTour, getTour, listTours, restoreTour } from './tours';
import { linkOrders, unlinkOrder } from './tours-link';
import { createTour, updateTourStatusBatch, updateTours } from './tours-write';
import {
  acceptInvitation,
  getInvitation,
  inviteMember,
  listInvitations,
  listMemberEvents,
  removeMember,
  revokeInvitation,
  updateMemberRole,
} from './members';
import { getMe, logout } from './users';
import { register, signIn } from './users-auth';

/** Every contract operation's handler, keyed by operationId: one missing, or one whose types disagree with
 *  the contract, fails the type check. */
export const handlers: Handlers = {
  // orders
  listOrders,
  getOrder,
  updateOrderStatusBatch,
  updateOrders,
  createOrders,
  exportOrdersCsv,
  updateOrdersExportMessage,
  sendOrderEmail,
  previewOrderEmail,
  listOrderEmails,
  addOrderComment,
  deleteOrder,
  restoreOrder,
  listDeleted,
  countOrdersDaily,
  countOrdersTotal,
  getOrderStatistics,
  checkInOrder,
  // users and orgs
  signIn,
  register,
  logout,
  getMe,
  getInvitation,
  acceptInvitation,
  getOrg,
  getMyOrg,
  upsertOrg,
  // tours
  listTours,
  getTour,
  updateTours,
  updateTourStatusBatch,
  unlinkOrder,
  linkOrders,
  createTour,
  deleteTour,
  restoreTour,
  exportToursCsv,
  updateToursExportMessage,
  addTourComment,
  countToursTotal,
  // the tour day's manifests
  getTourManifest,
  exportTourManifestCsv,
  getDepartureManifest,
  exportDepartureManifestCsv,
  // products
  listProducts,
  listMailVariables,
  getMailContent,
  updateMailContent,
  previewMailContent,
  // settings
  getUserSetting,
  updateUserSetting,
  getTeamSetting,
  updateTeamSetting,
  listTeamMembers,
  updateMemberRole,
  removeMember,
  listMemberEvents,
  listInvitations,
  inviteMember,
  revokeInvitation,
  getOtaAccounts,
  updateOtaAccounts,
  // the channel
  listChannelKeys,
  createChannelKey,
  revokeChannelKey,
  getProductSchedule,
  updateProductSchedule,
  listInbox,
  countInbox,
  acknowledgeInboxItem,
  // guides, ads, features, exports, health
  searchGuides,
  listAdGroups,
  listAds,
  createAd,
  updateAd,
  createAdGroup,
  addAdGroupItems,
  setAdGroupItems,
  getAdGroup,
  updateAdGroup,
  deleteAdGroup,
  listFeatures,
  updateFeature,
  downloadExport,
  getHealth,
  getHealthLive,
  getHealthReady,
  // live events
  streamEvents,
};

/** The Fastify route handler of every operation. */
export const routeHandlers = (): Record<string, RouteHandlerMethod> =>
  Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [id, routeHandler(id as never, handler as never)]),
  );
