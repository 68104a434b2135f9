import { access } from '../auth/access';
import { TemplateError } from '../email/engine';
import { mailContentOf, previewMail, saveMailContent } from '../email/mail-content';
import { MAIL_VARIABLES, PRODUCT_CONTENT_TYPE } from '../email/variables';
import { Reply, type OperationHandler } from '../http/operation';

/** A product's mail content per OTA (server/email/mail-content.ts); a template that cannot be used
 *  answers 400 INVALID_TEMPLATE naming the field and the variable. */
async function templateErrors<T>(fn: () => Promise<T>): Promise<T | Reply<never>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TemplateError) return new Reply<never>(400, err.toBody());
    throw err;
  }
}

export const listMailVariables: OperationHandler<'listMailVariables'> = async () => ({
  variables: [...MAIL_VARIABLES],
  productContentType: PRODUCT_CONTENT_TYPE,
});

export const getMailContent: OperationHandler<'getMailContent'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return mailContentOf(db, team.teamId, query.productId, path.ota);
};

export const updateMailContent: OperationHandler<'updateMailContent'> = async ({ path, body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return templateErrors(() => saveMailContent(db, team.teamId, path.ota, body));
};

export const previewMailContent: OperationHandler<'previewMailContent'> = async ({ path, body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return templateErrors(() => previewMail(db, team, path.ota, body));
};
