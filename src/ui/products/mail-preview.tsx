import { Box, Button, chakra, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { OTA_LABELS } from '../../domain/statuses';
import {
  selectOta,
  selectPreview,
  selectPreviewing,
  type MailContentActorRef,
} from '../../machines/mail-content/selectors';

/**
 * The draft as the server renders it for a real order, exactly as it would be sent. The HTML part
 * shows in a sandboxed frame (no script, no same-origin access), never in the page itself.
 */
export function MailPreview({ editor }: { editor: MailContentActorRef }) {
  const ota = useSelector(editor, selectOta);
  const outcome = useSelector(editor, selectPreview);
  const previewing = useSelector(editor, selectPreviewing);
  return (
    <Stack as="section" aria-labelledby="mail-preview-heading" gap="3" minW="0" data-testid="mail-preview">
      <HStack gap="2">
        <Heading as="h3" size="md" id="mail-preview-heading">
          Preview
        </Heading>
        {previewing && (
          <HStack gap="1" color="fg.muted" data-testid="preview-updating">
            <Spinner size="xs" />
            <Text fontSize="sm">Updating…</Text>
          </HStack>
        )}
      </HStack>
      {outcome?.kind === 'noOrder' && (
        <Text data-testid="preview-no-order">
          This product has no {OTA_LABELS[ota]} order yet: the preview needs one to render the e-mail with.
        </Text>
      )}
      {outcome?.kind === 'invalid' && (
        <Text color="fg.error" data-testid="preview-invalid">
          This draft cannot be rendered: {outcome.fault.message}
        </Text>
      )}
      {outcome?.kind === 'failed' && (
        <Stack gap="2" align="flex-start" data-testid="preview-failed">
          <Text color="fg.error">The preview could not be rendered.</Text>
          <Button size="xs" variant="outline" onClick={() => editor.send({ type: 'preview.refresh' })}>
            Retry
          </Button>
        </Stack>
      )}
      {outcome?.kind === 'rendered' && (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted" data-testid="preview-order">
            Rendered from order {outcome.preview.order.displayId}, to {outcome.preview.to}
          </Text>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Subject
            </Text>
            <Text fontWeight="bold" data-testid="preview-subject">
              {outcome.preview.subject}
            </Text>
          </Box>
          <chakra.iframe
            title="The e-mail as HTML"
            sandbox=""
            srcDoc={outcome.preview.html}
            width="full"
            height="360px"
            borderWidth="1px"
            borderRadius="md"
            bg="white"
            data-testid="preview-html"
          />
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Text
            </Text>
            <chakra.pre whiteSpace="pre-wrap" fontFamily="inherit" data-testid="preview-text">
              {outcome.preview.text}
            </chakra.pre>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
