import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A figure as a real link to the orders behind it (`href` from src/domain/statistics-links). */
export function OrdersLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  return (
    <Link asChild color="primary.fg" fontVariantNumeric="tabular-nums">
      <RouterLink to={href} aria-label={label}>
        {children}
      </RouterLink>
    </Link>
  );
}
