import { chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { COUNTRIES } from '../../../shared/countries';
import { selectErrors, selectValues, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { StageHeading } from './stage-heading';
import { TextField } from './text-field';

export function OrganizationStage({ actor }: { actor: OnboardingActorRef }) {
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const countryId = useId();
  return (
    <Stack gap="3">
      <StageHeading stage={2}>Your team is created in the country's timezone.</StageHeading>
      <TextField
        label="Organization name"
        value={values.name}
        error={errors.name}
        onChange={(name) => actor.send({ type: 'onboarding.change', values: { name } })}
      />
      <Stack gap="1">
        <chakra.label htmlFor={countryId} fontWeight="medium">
          Country
        </chakra.label>
        <chakra.select
          id={countryId}
          value={values.countryCode}
          aria-invalid={errors.countryCode ? true : undefined}
          onChange={(e) => actor.send({ type: 'onboarding.change', values: { countryCode: e.target.value } })}
          px="3"
          py="2"
          borderWidth="1px"
          rounded="md"
          bg="bg"
        >
          <option value="">Choose a country</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </chakra.select>
        {errors.countryCode && (
          <Text fontSize="sm" color="fg.error">
            {errors.countryCode}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
