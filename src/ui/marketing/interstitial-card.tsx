import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { Ad } from '../../domain/ads';

interface InterstitialCardProps {
  /** The live ads, in order. */
  ads: Ad[];
  /** The one shown. */
  index: number;
  onPrev: () => void;
  onNext: () => void;
  onShow: (index: number) => void;
  canPrev: boolean;
  canNext: boolean;
}

/**
 * The interstitial as a customer gets it on a phone: the page dimmed, one ad at a time (image,
 * title, "Learn more" when it links somewhere) with a close button, and dots to step through
 * several. Laid out for a 375 px wide screen.
 */
export function InterstitialCard({ ads, index, onPrev, onNext, onShow, canPrev, canNext }: InterstitialCardProps) {
  const ad = ads[index];
  return (
    <Box position="absolute" inset="0" bg="blackAlpha.700" display="flex" alignItems="center" px="5">
      <Stack width="full" bg="white" color="gray.900" borderRadius="xl" overflow="hidden" gap="0" boxShadow="lg">
        <Box position="relative">
          {ad.imageUrl ? (
            <chakra.img
              src={ad.imageUrl}
              alt={ad.title}
              width="full"
              height="190px"
              objectFit="cover"
              display="block"
            />
          ) : (
            <Box height="80px" bg="gray.100" />
          )}
          <chakra.button
            type="button"
            aria-label="Close"
            position="absolute"
            top="2"
            right="2"
            width="8"
            height="8"
            borderRadius="full"
            bg="blackAlpha.700"
            color="white"
            fontSize="lg"
            lineHeight="1"
            cursor="default"
          >
            ×
          </chakra.button>
        </Box>
        <Stack gap="3" p="4">
          <Text fontSize="lg" fontWeight="bold" data-testid="interstitial-title">
            {ad.title}
          </Text>
          {ad.linkUrl && (
            <Button asChild width="full" colorPalette="primary">
              <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer">
                Learn more
              </a>
            </Button>
          )}
          {ads.length > 1 && (
            <HStack justify="space-between">
              <Button size="xs" variant="ghost" color="gray.800" disabled={!canPrev} onClick={onPrev}>
                Previous
              </Button>
              <HStack gap="1.5" role="group" aria-label="Advertisements">
                {ads.map((a, i) => (
                  <chakra.button
                    key={a.id}
                    type="button"
                    aria-label={`Show ${i + 1} of ${ads.length}: ${a.title}`}
                    aria-current={i === index ? 'true' : undefined}
                    width="2.5"
                    height="2.5"
                    borderRadius="full"
                    bg={i === index ? 'gray.900' : 'gray.400'}
                    onClick={() => onShow(i)}
                  />
                ))}
              </HStack>
              <Button size="xs" variant="ghost" color="gray.800" disabled={!canNext} onClick={onNext}>
                Next
              </Button>
            </HStack>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
