import { PageHeading } from './page-heading';

/** Placeholder until this screen is built: its heading inside the default layout. */
export function ProductsPage() {
  return <PageHeading />;
}
