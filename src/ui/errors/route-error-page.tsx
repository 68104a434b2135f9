import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../../domain/chunk-reload';
import { selectReloading } from '../../machines/app/selectors';
import { AppContext } from '../app/actors';
import { FullPageSpinner } from '../full-page-spinner';
import { GenericErrorPage } from './generic-error-page';

/**
 * The router's error element. A failed chunk load is reported to the app
 * machine, which reloads the page unless it did so moments ago.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const app = AppContext.useActorRef();
  const reloading = AppContext.useSelector(selectReloading);
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (chunkFailed) app.send({ type: 'chunk.failed', error });
  }, [app, chunkFailed, error]);

  if (chunkFailed && reloading) return <FullPageSpinner label="Loading the latest version…" />;
  if (isRouteErrorResponse(error)) {
    return (
      <GenericErrorPage
        statusCode={error.status}
        description={typeof error.data === 'string' ? error.data : error.statusText}
      />
    );
  }
  if (chunkFailed)
    return <GenericErrorPage description="This page could not be loaded. Check your connection and try again." />;
  return <GenericErrorPage description={error instanceof Error ? error.message : undefined} />;
}
