import { Box, Text } from '@chakra-ui/react';
import { DEMO_BANNER_TEXT, IS_DEMO } from '../../domain/deployment';

/**
 * The demo's notice, on every screen (both layouts): a labelled region, dark amber on light amber
 * (yellow.fg on yellow.subtle, about 7.8:1). Production builds render nothing.
 */
export function DemoBanner() {
  if (!IS_DEMO) return null;
  return (
    <Box
      as="section"
      aria-label="Demo notice"
      bg="yellow.subtle"
      color="yellow.fg"
      borderWidth="1px"
      borderColor="yellow.muted"
      borderRadius="md"
      px="2"
      py="1"
      fontSize="xs"
      lineHeight="short"
    >
      <Text>{DEMO_BANNER_TEXT}</Text>
    </Box>
  );
}
