import { PAGE_NOT_FOUND } from '../../domain/error-page';
import { GenericErrorPage } from '../errors/generic-error-page';

/** Unmatched routes. */
export function NotFoundPage() {
  return (
    <GenericErrorPage
      statusCode={404}
      statusMessage={PAGE_NOT_FOUND}
      description="The page you are looking for does not exist or has moved."
    />
  );
}
