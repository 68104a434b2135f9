import type { EmailType, MailVariable, Product } from '../../api/services/products';
import type { Role } from '../../domain/statuses';
import type { MailContentReport } from '../mail-content/types';

/** The products screen: the team's products and the mail content editor of the one chosen. */
export type { EmailType, MailVariable, Product };

export interface ProductsInput {
  teamId: string;
  /** The user's role in the team, which the mail content editor is opened with. */
  role: Role;
}

export interface ProductsContext extends ProductsInput {
  /** The product whose mail content is open. */
  chosen: Product | null;
  /** Another product asked for while the open one has unsaved changes. */
  pending: Product | null;
  /** The editor's last report: some tab holds unsaved changes. */
  dirty: boolean;
  /** The variables a template may name (those of the product's e-mail type). */
  variables: MailVariable[];
}

export type ProductsEvent =
  | { type: 'product.choose'; product: Product }
  /** Answers to "discard the unsaved changes?" when another product is chosen. */
  | { type: 'product.discard' }
  | { type: 'product.keep' }
  | { type: 'variables.retry' }
  /** What the editor reports. */
  | MailContentReport;
