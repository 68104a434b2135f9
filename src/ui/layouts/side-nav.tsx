import { Link, Stack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { navAreasFor, type NavLink as NavItem } from '../../domain/navigation';
import { selectIsAdmin } from '../../machines/session.selectors';
import { SessionContext } from '../app/actors';

function Item({ link, nested }: { link: NavItem; nested?: boolean }) {
  return (
    <Link
      asChild
      display="block"
      px="2"
      py="1"
      ps={nested ? '5' : '2'}
      borderRadius="l2"
      color={nested ? 'fg.muted' : 'fg'}
      fontWeight={nested ? 'normal' : 'semibold'}
      textDecoration="none"
      _hover={{ bg: 'primary.subtle', textDecoration: 'none' }}
      _currentPage={{ color: 'primary.fg', bg: 'primary.subtle' }}
    >
      {/* `end`: an area link is current on its own page only, not on its views */}
      <NavLink to={link.to} end>
        {link.label}
      </NavLink>
    </Link>
  );
}

/** Every area of the app with its view sub-links. */
export function SideNav() {
  const isAdmin = SessionContext.useSelector(selectIsAdmin);
  return (
    <Stack as="nav" aria-label="Main" gap="0.5">
      {navAreasFor(isAdmin).map((area) => (
        <Stack key={area.to} gap="0.5">
          <Item link={area} />
          {area.links.map((link) => (
            <Item key={link.to} link={link} nested />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
