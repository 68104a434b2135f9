import { Box, Button, Dialog, Heading, HStack, Kbd, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe, kbdRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { opensShortcutSheet, SHORTCUT_SCOPES, shortcutsOf } from '../../domain/shortcuts';
import { selectShortcutsOpen, type GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';
import { isTypingTarget } from '../typing-target';

/** `?` anywhere on the page (but in a field) asks for the sheet; the machine decides whether it opens. */
function useSheetKey(actor: GlobalDialogsActorRef) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensShortcutSheet(event, isTypingTarget(event.target))) return;
      event.preventDefault();
      actor.send({ type: 'shortcuts.open' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actor]);
}

/** The sheet of every keyboard shortcut (src/domain/shortcuts.ts), by where it works. */
export function ShortcutSheet({ actor }: { actor: GlobalDialogsActorRef }) {
  useSheetKey(actor);
  const open = useSelector(actor, selectShortcutsOpen);
  const close = () => actor.send({ type: 'shortcuts.close' });
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Keyboard shortcuts</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {SHORTCUT_SCOPES.map(({ scope, label }) => (
                  <Stack key={scope} gap="2" as="section" aria-labelledby={`shortcuts-${scope}`}>
                    <Heading as="h3" size="sm" id={`shortcuts-${scope}`}>
                      {label}
                    </Heading>
                    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1.5">
                      {shortcutsOf(scope).map((shortcut) => (
                        <Box key={shortcut.description} display="contents">
                          <HStack as="dt" gap="1">
                            {shortcut.keys.map((key, i) => (
                              <HStack key={key} gap="1">
                                {i > 0 && <Text aria-hidden>+</Text>}
                                <Kbd recipe={kbdRecipe} size="sm">
                                  {key}
                                </Kbd>
                              </HStack>
                            ))}
                          </HStack>
                          <Text as="dd">{shortcut.description}</Text>
                        </Box>
                      ))}
                    </Box>
                  </Stack>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={close}>Close</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
