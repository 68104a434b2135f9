import { chakra } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { skipLinkTarget } from '../../domain/shortcuts';

export const MAIN_ID = 'main-content';
const GRID_FOCUS = '[role="grid"][tabindex="0"], [role="grid"] [tabindex="0"]';

/**
 * The first stop of the Tab key: past the sidebar to the list (its rows take the arrow keys at
 * once), or to the page's content. Hidden until focused. Focus moves by hand rather than by the
 * `#` in the URL, which the router would take for a navigation.
 */
export function SkipLink() {
  const target = skipLinkTarget(useLocation().pathname);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    // the grid takes the focus itself, or through its scrolling rows
    const list = target === 'list' ? main?.querySelector<HTMLElement>(GRID_FOCUS) : null;
    (list ?? main)?.focus();
  };
  return (
    <chakra.a
      href={`#${MAIN_ID}`}
      onClick={skip}
      position="fixed"
      top="2"
      left="2"
      zIndex="skipNav"
      px="3"
      py="2"
      borderRadius="l2"
      bg="primary.solid"
      color="primary.contrast"
      fontWeight="bold"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'primary.fg', outlineOffset: '2px' }}
    >
      {target === 'list' ? 'Skip to list' : 'Skip to content'}
    </chakra.a>
  );
}
