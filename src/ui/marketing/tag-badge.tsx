import { chakra } from '@chakra-ui/react';
import { AD_TAG_LABELS, type AdTag } from '../../domain/ads';

// dark text on a light tint: each pair reads at 4.5:1 or better
const COLOURS: Record<AdTag, { bg: string; color: string }> = {
  new: { bg: 'blue.100', color: 'blue.800' },
  active: { bg: 'green.100', color: 'green.800' },
  archived: { bg: 'gray.200', color: 'gray.800' },
};

/** An ad's tag: where it is in its life. */
export function TagBadge({ tag }: { tag: AdTag }) {
  return (
    <chakra.span
      display="inline-block"
      px="2"
      py="0.5"
      borderRadius="full"
      fontSize="xs"
      fontWeight="semibold"
      whiteSpace="nowrap"
      data-testid="ad-tag"
      {...COLOURS[tag]}
    >
      {AD_TAG_LABELS[tag]}
    </chakra.span>
  );
}
