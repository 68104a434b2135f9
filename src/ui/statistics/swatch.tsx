import { Box, HStack, Text } from '@chakra-ui/react';

/** A legend entry's colour dot (decorative: the label next to it says what it is). */
export function Swatch({ color }: { color: string }) {
  return <Box aria-hidden="true" boxSize="2.5" rounded="full" bg={color} flexShrink="0" />;
}

/** A chart's series with their colours. */
export function SeriesLegend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <HStack as="ul" listStyleType="none" gap="4" mt="3" aria-label="Legend">
      {items.map((item) => (
        <HStack as="li" key={item.label} gap="1.5">
          <Swatch color={item.color} />
          <Text color="fg.muted">{item.label}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
