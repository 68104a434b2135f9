import type { RouteHandlerMethod } from 'fastify';
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
import {
  downloadExport,
  exportOrdersCsv,
  exportToursCsv,
  updateOrdersExportMessage,
  updateToursExportMessage,
} from './exports';
import { listFeatures, updateFeature } from './features';
import { searchGuides } from './guides';
import { getHealth } from './health';
import { getMailContent, listMailVariables, previewMailContent, updateMailContent } from './mail-content';
import {
  addOrderComment,
  countOrdersDaily,
  countOrdersTotal,
  deleteOrder,
  getOrder,
  listOrdersHandler,
} from './orders';
import { createOrders } from './orders-create';
import { listOrderEmails, sendOrderEmail } from './orders-email';
import { updateOrderStatusBatch, updateOrders } from './orders-write';
import { getMyOrg, getOrg, upsertOrg } from './orgs';
import { listProducts } from './products';
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
import { addTourComment, countToursTotal, deleteTour, getTour, listToursHandler } from './tours';
import { linkOrders, unlinkOrder } from './tours-link';
import { createTour, updateTourStatusBatch, updateTours } from './tours-write';
import { getMe } from './users';
import { register, signIn } from './users-auth';
import type { Handler } from './util';

/** Every contract operation's handler, keyed by operationId. */
const byOperation = {
  // orders
  listOrders: listOrdersHandler,
  getOrder,
  updateOrderStatusBatch,
  updateOrders,
  createOrders,
  exportOrdersCsv,
  updateOrdersExportMessage,
  sendOrderEmail,
  listOrderEmails,
  addOrderComment,
  deleteOrder,
  countOrdersDaily,
  countOrdersTotal,
  getOrderStatistics,
  // users and orgs
  signIn,
  register,
  getMe,
  getOrg,
  getMyOrg,
  upsertOrg,
  // tours
  listTours: listToursHandler,
  getTour,
  updateTours,
  updateTourStatusBatch,
  unlinkOrder,
  linkOrders,
  createTour,
  deleteTour,
  exportToursCsv,
  updateToursExportMessage,
  addTourComment,
  countToursTotal,
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
  getOtaAccounts,
  updateOtaAccounts,
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
} satisfies Record<string, Handler | RouteHandlerMethod>;

export const handlers: Record<string, RouteHandlerMethod> = byOperation as Record<string, RouteHandlerMethod>;
