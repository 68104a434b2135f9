import { Button, chakra, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { OTA_LABELS, OTAS, type Ota } from '../../domain/statuses';
import { selectCreating, selectIdle } from '../../machines/channel-keys/selectors';
import type { ChannelKeysRef } from './connections-page';
import { roleSelectStyle } from './members-style';

/** "New API key": a name and the OTA it is for; the field says what is wrong and keeps what was typed. */
export function NewKeyForm({ actor }: { actor: ChannelKeysRef }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const fieldError = useSelector(actor, (s) => s.context.fieldError);
  const creating = useSelector(actor, selectCreating);
  const idle = useSelector(actor, selectIdle);
  return (
    <chakra.form
      aria-labelledby="new-key-heading"
      data-testid="new-key-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'keys.create' });
      }}
    >
      <Stack gap="3">
        <Heading as="h3" size="md" id="new-key-heading">
          New API key
        </Heading>
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root recipe={fieldSlotRecipe} invalid={fieldError !== null} flex="1" minW="240px">
            <Field.Label>Name</Field.Label>
            <Input
              recipe={inputRecipe}
              autoComplete="off"
              placeholder="Klook live"
              value={draft.name}
              onChange={(e) => actor.send({ type: 'keys.name', name: e.currentTarget.value })}
            />
            {/* red.700: the stock error red reads at 3.8:1 on white */}
            {fieldError && <Field.ErrorText color="red.700">{fieldError}</Field.ErrorText>}
          </Field.Root>
          <chakra.label display="grid" gap="1.5" fontSize="sm" fontWeight="medium">
            Channel
            <chakra.select
              {...roleSelectStyle}
              value={draft.channel}
              onChange={(e) => actor.send({ type: 'keys.channel', channel: e.target.value as Ota })}
            >
              {OTAS.map((ota) => (
                <option key={ota} value={ota}>
                  {OTA_LABELS[ota]}
                </option>
              ))}
            </chakra.select>
          </chakra.label>
        </HStack>
        <Button type="submit" size="sm" alignSelf="flex-start" loading={creating} disabled={!idle}>
          Create API key
        </Button>
      </Stack>
    </chakra.form>
  );
}
