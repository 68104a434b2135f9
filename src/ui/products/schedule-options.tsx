import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { UNIT_TYPES, type ProductSchedule, type ScheduleOption, type ScheduleUnit } from '../../../shared/schedule';
import { optionCurrencies, UNIT_NAMES } from '../../machines/product-schedule/draft';
import { selectCanEdit, type ProductScheduleActorRef } from '../../machines/product-schedule/selectors';
import { FieldMessage, inputStyle, NumberInput, useFieldState } from './schedule-field';

/** What a reseller sells: the options (one is the default), their units with ages and prices, the
 *  prices by currency column (every unit of an option in the same currencies). */

export function ScheduleOptions({ editor, draft }: { editor: ProductScheduleActorRef; draft: ProductSchedule }) {
  const canEdit = useSelector(editor, selectCanEdit);
  return (
    <Stack as="section" aria-labelledby="schedule-options-heading" gap="4">
      <Heading as="h3" size="md" id="schedule-options-heading">
        Options and prices
      </Heading>
      <FieldMessage editor={editor} field="options" />
      {draft.options.map((option, i) => (
        <OptionFields key={i} editor={editor} option={option} index={i} removable={draft.options.length > 1} />
      ))}
      {canEdit && (
        <Box>
          <Button
            size="sm"
            variant="outline"
            onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'optionAdd' } })}
          >
            Add an option
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function OptionFields({
  editor,
  option,
  index: i,
  removable,
}: {
  editor: ProductScheduleActorRef;
  option: ScheduleOption;
  index: number;
  removable: boolean;
}) {
  const canEdit = useSelector(editor, selectCanEdit);
  const name = useFieldState(editor, `options[${i}].name`);
  const title = option.name.trim() || `Option ${i + 1}`;
  const currencies = optionCurrencies(option);
  return (
    <chakra.fieldset borderWidth="1px" borderRadius="md" p="3" minW="0" data-testid="schedule-option">
      <chakra.legend fontWeight="bold" px="1">
        Option {title}
      </chakra.legend>
      <Stack gap="3">
        <HStack gap="4" flexWrap="wrap" align="flex-end">
          <Stack gap="1">
            <chakra.label display="grid" gap="1">
              <Text fontWeight="bold">Name</Text>
              <chakra.input
                {...inputStyle}
                {...name}
                maxLength={100}
                value={option.name}
                onChange={(e) =>
                  editor.send({ type: 'schedule.edit', edit: { kind: 'optionName', option: i, name: e.target.value } })
                }
              />
            </chakra.label>
            <FieldMessage editor={editor} field={`options[${i}].name`} />
          </Stack>
          <chakra.label display="flex" gap="2" alignItems="center" pb="1">
            <input
              type="radio"
              name="default-option"
              checked={option.default}
              disabled={!canEdit}
              onChange={() => editor.send({ type: 'schedule.edit', edit: { kind: 'optionDefault', option: i } })}
            />
            Default option
          </chakra.label>
          <Text fontSize="xs" color="fg.muted" pb="1">
            Id for resellers: {option.id}
          </Text>
          {canEdit && removable && (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'optionRemove', option: i } })}
            >
              Remove option {title}
            </Button>
          )}
        </HStack>
        <FieldMessage editor={editor} field={`options[${i}].id`} />
        <FieldMessage editor={editor} field={`options[${i}].default`} />
        <Currencies editor={editor} option={i} currencies={currencies} />
        {/* positioned: the headers' visually hidden labels (absolute) stay inside the scrolling box */}
        <Box overflowX="auto" position="relative">
          <chakra.table width="full" fontSize="sm">
            <chakra.caption textAlign="start" fontWeight="bold" pb="1">
              Units of {title}
            </chakra.caption>
            <thead>
              <tr>
                {['Type', 'Name', 'Minimum age', 'Maximum age'].map((h) => (
                  <chakra.th key={h} textAlign="start" px="1" scope="col">
                    {h}
                  </chakra.th>
                ))}
                {currencies.map((c, k) => (
                  <chakra.th key={k} textAlign="start" px="1" scope="col">
                    {c || '…'} retail / net
                  </chakra.th>
                ))}
                <chakra.th px="1" scope="col">
                  <chakra.span srOnly>Remove</chakra.span>
                </chakra.th>
              </tr>
            </thead>
            <tbody>
              {option.units.map((unit, j) => (
                <UnitRow key={j} editor={editor} option={i} unit={unit} index={j} removable={option.units.length > 1} />
              ))}
            </tbody>
          </chakra.table>
        </Box>
        <FieldMessage editor={editor} field={`options[${i}].units`} />
        {canEdit && (
          <Box>
            <Button
              size="xs"
              variant="outline"
              onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'unitAdd', option: i } })}
            >
              Add a unit to {title}
            </Button>
          </Box>
        )}
      </Stack>
    </chakra.fieldset>
  );
}

/** The option's currencies: a price column each. */
function Currencies({
  editor,
  option,
  currencies,
}: {
  editor: ProductScheduleActorRef;
  option: number;
  currencies: string[];
}) {
  const canEdit = useSelector(editor, selectCanEdit);
  return (
    <HStack gap="3" flexWrap="wrap" align="flex-start">
      <Text fontWeight="bold" pt="1">
        Currencies
      </Text>
      {currencies.map((currency, k) => (
        <CurrencyInput
          key={k}
          editor={editor}
          option={option}
          index={k}
          currency={currency}
          removable={currencies.length > 1}
        />
      ))}
      {canEdit && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'currencyAdd', option } })}
        >
          Add a currency
        </Button>
      )}
      <Text fontSize="xs" color="fg.muted" pt="1">
        Three-letter codes such as USD; prices in whole units (45.50 is 45 dollars 50).
      </Text>
    </HStack>
  );
}

function CurrencyInput({
  editor,
  option,
  index,
  currency,
  removable,
}: {
  editor: ProductScheduleActorRef;
  option: number;
  index: number;
  currency: string;
  removable: boolean;
}) {
  const canEdit = useSelector(editor, selectCanEdit);
  // the first unit's price names the column's currency (the others follow it)
  const field = `options[${option}].units[0].prices[${index}].currency`;
  const state = useFieldState(editor, field);
  return (
    <Stack gap="1">
      <HStack gap="0">
        <chakra.input
          {...inputStyle}
          {...state}
          width="4.5rem"
          maxLength={3}
          textTransform="uppercase"
          aria-label={`Currency ${index + 1}`}
          value={currency}
          onChange={(e) =>
            editor.send({
              type: 'schedule.edit',
              edit: { kind: 'currencySet', option, index, currency: e.target.value.toUpperCase() },
            })
          }
        />
        {canEdit && removable && (
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Remove the ${currency || `currency ${index + 1}`} prices`}
            onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'currencyRemove', option, index } })}
          >
            ×
          </Button>
        )}
      </HStack>
      <FieldMessage editor={editor} field={field} />
    </Stack>
  );
}

function UnitRow({
  editor,
  option: i,
  unit,
  index: j,
  removable,
}: {
  editor: ProductScheduleActorRef;
  option: number;
  unit: ScheduleUnit;
  index: number;
  removable: boolean;
}) {
  const canEdit = useSelector(editor, selectCanEdit);
  const at = `options[${i}].units[${j}]`;
  const nameState = useFieldState(editor, `${at}.name`);
  const who = unit.name.trim() || `Unit ${j + 1}`;
  const set = (patch: Partial<Pick<ScheduleUnit, 'type' | 'name' | 'minAge' | 'maxAge'>>) =>
    editor.send({ type: 'schedule.edit', edit: { kind: 'unitSet', option: i, unit: j, patch } });
  return (
    <tr data-testid="schedule-unit">
      <chakra.td px="1" py="1" verticalAlign="top">
        <chakra.select
          {...inputStyle}
          aria-label={`${who} type`}
          value={unit.type}
          disabled={!canEdit}
          onChange={(e) => set({ type: e.target.value as ScheduleUnit['type'] })}
        >
          {UNIT_TYPES.map((t) => (
            <option key={t} value={t}>
              {UNIT_NAMES[t]}
            </option>
          ))}
        </chakra.select>
      </chakra.td>
      <chakra.td px="1" py="1" verticalAlign="top">
        <chakra.input
          {...inputStyle}
          {...nameState}
          width="8rem"
          maxLength={100}
          aria-label={`Unit ${j + 1} name`}
          value={unit.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <FieldMessage editor={editor} field={`${at}.name`} />
        <FieldMessage editor={editor} field={`${at}.id`} />
        <FieldMessage editor={editor} field={`${at}.prices`} />
      </chakra.td>
      {(['minAge', 'maxAge'] as const).map((part) => (
        <chakra.td key={part} px="1" py="1" verticalAlign="top">
          <NumberInput
            editor={editor}
            field={`${at}.${part}`}
            label={`${who} ${part === 'minAge' ? 'minimum' : 'maximum'} age`}
            width="4.5rem"
            value={unit[part]}
            onValue={(value) => set({ [part]: value })}
          />
          <FieldMessage editor={editor} field={`${at}.${part}`} />
        </chakra.td>
      ))}
      {unit.prices.map((price, k) => (
        <chakra.td key={k} px="1" py="1" verticalAlign="top">
          <HStack gap="1">
            <NumberInput
              editor={editor}
              field={`${at}.prices[${k}].retail`}
              label={`${who} retail price (${price.currency || `currency ${k + 1}`})`}
              step="any"
              width="6.5rem"
              value={price.retail}
              onValue={(retail) =>
                editor.send({ type: 'schedule.edit', edit: { kind: 'priceSet', option: i, unit: j, index: k, retail } })
              }
            />
            <NumberInput
              editor={editor}
              field={`${at}.prices[${k}].net`}
              label={`${who} net price (${price.currency || `currency ${k + 1}`})`}
              step="any"
              width="6.5rem"
              value={price.net}
              onValue={(net) =>
                editor.send({
                  type: 'schedule.edit',
                  edit: { kind: 'priceSet', option: i, unit: j, index: k, net: Number.isNaN(net) ? null : net },
                })
              }
            />
          </HStack>
          <FieldMessage editor={editor} field={`${at}.prices[${k}].retail`} />
          <FieldMessage editor={editor} field={`${at}.prices[${k}].net`} />
          {j > 0 && <FieldMessage editor={editor} field={`${at}.prices[${k}].currency`} />}
        </chakra.td>
      ))}
      <chakra.td px="1" py="1" verticalAlign="top">
        {canEdit && removable && (
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Remove ${who}`}
            onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'unitRemove', option: i, unit: j } })}
          >
            ×
          </Button>
        )}
      </chakra.td>
    </tr>
  );
}
