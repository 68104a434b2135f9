import { Button, chakra, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createTourMachine } from '../../machines/create-tour/create-tour.machine';

type CreateTourRef = ActorRefFrom<typeof createTourMachine>;

const fieldStyle = { h: '8', px: '2', borderWidth: '1px', borderRadius: 'md', bg: 'bg', width: 'full' } as const;

/** The create-tour menu: an optional name and the departure (day and 24-hour time). */
export function CreateTourDialog({ actor }: { actor: CreateTourRef }) {
  const count = useSelector(actor, (s) => s.context.orderIds.length);
  const name = useSelector(actor, (s) => s.context.displayName);
  const date = useSelector(actor, (s) => s.context.date);
  const time = useSelector(actor, (s) => s.context.time);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'create.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const title = count === 0 ? 'New tour' : `Create tour from ${count} ${count === 1 ? 'order' : 'orders'}`;

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      placement="center"
      onOpenChange={(details) => !details.open && actor.send({ type: 'create.cancel' })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="create-tour-menu">
            <chakra.form
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'create.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Display name</Text>
                    <chakra.input
                      {...fieldStyle}
                      value={name}
                      maxLength={200}
                      placeholder="Product and day when left empty"
                      onChange={(e) => actor.send({ type: 'create.name', value: e.target.value })}
                    />
                  </chakra.label>
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Departure date</Text>
                    <chakra.input
                      {...fieldStyle}
                      type="date"
                      value={date}
                      onChange={(e) => actor.send({ type: 'create.date', value: e.target.value })}
                    />
                  </chakra.label>
                  <chakra.label display="grid" gap="1">
                    <Text fontWeight="bold">Departure time (24-hour)</Text>
                    <chakra.input
                      {...fieldStyle}
                      value={time}
                      inputMode="numeric"
                      placeholder="HH:mm"
                      aria-invalid={!canSubmit && !busy ? true : undefined}
                      onChange={(e) => actor.send({ type: 'create.time', value: e.target.value })}
                    />
                  </chakra.label>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'create.cancel' })}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!canSubmit} loading={busy}>
                  Create tour
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
