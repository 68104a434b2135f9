import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { pageTitle } from '../domain/product';

/** Routes name their page in `handle: { title }`. */
export interface RouteHandle {
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle).title : undefined;
}

/** The deepest matched route's title. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = titleOf(matches[i].handle);
    if (title) return title;
  }
  return undefined;
}

/** `<Page> | Tourdesk`, or `Tourdesk` alone. */
export function useDocumentTitle(): void {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
