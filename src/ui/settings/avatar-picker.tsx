import { Avatar, Box, Button, Spinner } from '@chakra-ui/react';
import { useRef } from 'react';
import { UPLOAD_ACCEPT } from '../../domain/uploads';
import { initialOf } from '../../domain/session-rules';

interface AvatarPickerProps {
  /** Names the picker for assistive technology and tests: 'logo' or 'avatar'. */
  what: string;
  name: string;
  src: string | null;
  /** Only then the Edit overlay (and its file picker) exists. */
  editable: boolean;
  busy: boolean;
  onPick: (file: File) => void;
}

/** A round avatar (image or first letter); when editable, hovering shows Edit, which opens a file picker. */
export function AvatarPicker({ what, name, src, editable, busy, onPick }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box position="relative" width="fit-content" className="group" data-testid={`${what}-picker`}>
      <Avatar.Root size="2xl" shape="full">
        <Avatar.Fallback>{initialOf(name)}</Avatar.Fallback>
        {src && <Avatar.Image src={src} alt={`Current ${what}`} />}
      </Avatar.Root>
      {busy && (
        <Box position="absolute" inset="0" display="grid" placeItems="center" data-testid={`${what}-busy`}>
          <Spinner size="sm" />
        </Box>
      )}
      {editable && !busy && (
        <>
          <Button
            aria-label={`Edit ${what}`}
            position="absolute"
            inset="0"
            height="full"
            minW="0"
            borderRadius="full"
            bg="blackAlpha.600"
            color="white"
            fontSize="xs"
            opacity="0"
            _hover={{ opacity: 1, bg: 'blackAlpha.600' }}
            _focusVisible={{ opacity: 1 }}
            onClick={() => input.current?.click()}
          >
            Edit
          </Button>
          <input
            ref={input}
            type="file"
            accept={UPLOAD_ACCEPT}
            hidden
            data-testid={`${what}-file`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              // cleared, so picking the same file again still reports a change
              e.currentTarget.value = '';
              if (file) onPick(file);
            }}
          />
        </>
      )}
    </Box>
  );
}
