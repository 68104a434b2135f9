import { findCountry } from '../../shared/countries';
import { TECH_TEAM_CODE } from '../auth/access';
import { badRequest, notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { saveMyOrg } from '../orgs/onboarding';
import { myOrg, orgOfMember } from '../repo/orgs';

/** Organizations: created and advanced through the onboarding stages by their owner. */
export const getOrg: OperationHandler<'getOrg'> = async ({ path }, { db, user }) => {
  const org = await orgOfMember(db, user.userId, path.id);
  if (!org) throw notFound('Organization');
  return org;
};

/** The caller's own organization, if they have started one: onboarding resumes from it. */
export const getMyOrg: OperationHandler<'getMyOrg'> = async (_input, { db, user }) => {
  const org = await myOrg(db, user.userId);
  if (!org) throw notFound('Organization');
  return org;
};

export const upsertOrg: OperationHandler<'upsertOrg'> = async ({ body }, { db, user }) => {
  const country = body.countryCode ? findCountry(body.countryCode) : undefined;
  if (body.countryCode && !country) throw badRequest(`Unknown country code ${body.countryCode}`);
  if (country?.code === TECH_TEAM_CODE) {
    throw badRequest(`${TECH_TEAM_CODE} is the Tech Team of the platform: choose the country your team works in`);
  }
  const name = body.name?.trim();
  if (body.name !== undefined && !name) throw badRequest('The organization name cannot be empty');
  const org = await saveMyOrg(db, user, { ...body, name }, country);
  if (!org) throw notFound('Organization');
  return org;
};
