import { Box, chakra, Text } from '@chakra-ui/react';

/** An ad's image at a fixed size (its title as the alternative text), or a placeholder without one. */
export function AdImage({
  src,
  title,
  width,
  height,
}: {
  src: string | null;
  title: string;
  width: string;
  height: string;
}) {
  if (!src) {
    return (
      <Box
        width={width}
        height={height}
        borderRadius="md"
        bg="bg.muted"
        display="grid"
        placeItems="center"
        flexShrink={0}
      >
        <Text fontSize="xs" color="fg.muted">
          No image
        </Text>
      </Box>
    );
  }
  return (
    <chakra.img
      src={src}
      alt={title}
      width={width}
      height={height}
      objectFit="cover"
      borderRadius="md"
      flexShrink={0}
      bg="bg.muted"
    />
  );
}
