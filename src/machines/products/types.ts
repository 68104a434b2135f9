import type { EmailType, MailVariable, Product } from '../../api/services/products';
import type { Role } from '../../domain/statuses';
import type { MailContentReport } from '../mail-content/types';
import type { ProductScheduleReport } from '../product-schedule/types';

/** The products screen: the team's products and the mail content editor of the one chosen. */
export type { EmailType, MailVariable, Product };

export interface ProductsInput {
  teamId: string;
  /** The user's role in the team, which the editors are opened with. */
  role: Role;
  /** The team's currency, which a new schedule's prices start in (USD when not given). */
  currency?: string;
}

/** Which editor of the chosen product shows: its confirmation e-mail or its schedule. */
export type ProductSection = 'mail' | 'schedule';

export interface ProductsContext extends ProductsInput {
  currency: string;
  /** The product whose mail content is open. */
  chosen: Product | null;
  /** Another product asked for while the open one has unsaved changes. */
  pending: Product | null;
  /** The mail content editor's last report: some tab holds unsaved changes. */
  dirty: boolean;
  /** The schedule editor's last report: its draft is not saved. */
  scheduleDirty: boolean;
  section: ProductSection;
  /** The variables a template may name (those of the product's e-mail type). */
  variables: MailVariable[];
}

export type ProductsEvent =
  | { type: 'product.choose'; product: Product }
  /** Answers to "discard the unsaved changes?" when another product is chosen. */
  | { type: 'product.discard' }
  | { type: 'product.keep' }
  | { type: 'variables.retry' }
  /** Shows the chosen product's e-mail or its schedule. */
  | { type: 'product.section'; section: ProductSection }
  /** What the editors report. */
  | MailContentReport
  | ProductScheduleReport;
