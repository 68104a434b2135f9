import { Box, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A customer's phone: a 375 × 667 px screen in a frame, a page behind whatever it shows. */
export const PHONE_WIDTH = 375;
const PHONE_HEIGHT = 667;

export function PhonePreview({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      as="figure"
      aria-label={label}
      data-testid="phone-preview"
      width="fit-content"
      p="3"
      pt="8"
      pb="10"
      bg="gray.900"
      borderRadius="48px"
      boxShadow="xl"
      flexShrink={0}
      // on a phone narrower than the customer's, the preview is drawn smaller rather than cut
      css={{ '@media (max-width: 47.99em)': { zoom: 0.8 } }}
    >
      <Box
        data-testid="phone-screen"
        position="relative"
        width={`${PHONE_WIDTH}px`}
        height={`${PHONE_HEIGHT}px`}
        overflow="hidden"
        borderRadius="lg"
        bg="white"
      >
        <PageBehind />
        {children}
      </Box>
    </Box>
  );
}

/** The customer's page under the interstitial (shapes only: nothing to read). */
function PageBehind() {
  return (
    <Stack aria-hidden gap="3" p="4">
      <Box height="10" bg="gray.200" borderRadius="md" />
      <Box height="40" bg="gray.100" borderRadius="md" />
      {[80, 65, 90, 50].map((w) => (
        <Box key={w} height="3" width={`${w}%`} bg="gray.200" borderRadius="full" />
      ))}
    </Stack>
  );
}
