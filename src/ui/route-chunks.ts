/**
 * The chunks of the screens a tab is usually opened on, fetched ahead by the entry (main.tsx) while
 * the app itself loads: `<link rel="modulepreload">` has the browser fetch and compile them without
 * running them, so the app starts (and checks the session) first, and the router's `lazy` routes
 * (router.tsx) then find them ready. The build lists each screen's files in a meta element
 * (vite.config.ts); without it (the development server) the router loads them as before.
 */
const FIRST_SCREENS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/auth\/login\/?$/, ['src/ui/layouts/auth-layout.tsx', 'src/ui/pages/login-page.tsx']],
  // `/` sends a signed-in visitor to the landing view of the orders
  [/^\/(orders(\/(?!inbox\b)[^/]+)?\/?)?$/, ['src/ui/layouts/default-layout.tsx', 'src/ui/pages/orders-page.tsx']],
  [/^\/tours(\/[a-z-]+)?\/?$/, ['src/ui/layouts/default-layout.tsx', 'src/ui/pages/tours-page.tsx']],
];

function chunksOf(): Record<string, string[]> {
  const content = document.querySelector('meta[name="tourdesk-first-screens"]')?.getAttribute('content');
  try {
    return content ? (JSON.parse(content) as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}

export function preloadFirstScreen(pathname: string): void {
  const modules = FIRST_SCREENS.find(([path]) => path.test(pathname))?.[1] ?? [];
  const files = chunksOf();
  for (const href of new Set(modules.flatMap((m) => files[m] ?? []))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
