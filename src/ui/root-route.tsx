import { Outlet } from 'react-router-dom';
import { useDocumentTitle } from './page-title';

/** The root of every route: keeps the document title in step with the page. */
export function RootRoute() {
  useDocumentTitle();
  return <Outlet />;
}
