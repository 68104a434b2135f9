import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { OnboardingField } from '../../domain/onboarding-rules';
import { selectErrors, selectValues, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { StageHeading } from './stage-heading';
import { TextField, type TextFieldProps } from './text-field';

const FIELDS: { field: OnboardingField; label: string; type?: TextFieldProps['type']; hint?: string }[] = [
  { field: 'serviceCountries', label: 'Service countries', hint: 'Separate several with commas.' },
  { field: 'serviceCities', label: 'Service cities', hint: 'Separate several with commas.' },
  { field: 'fullName', label: 'Full name' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'jobTitle', label: 'Job title' },
];

export function ContactStage({ actor }: { actor: OnboardingActorRef }) {
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  return (
    <Stack gap="3">
      <StageHeading stage={3}>Where you operate, and who we can reach.</StageHeading>
      {FIELDS.map(({ field, label, type, hint }) => (
        <TextField
          key={field}
          label={label}
          type={type}
          hint={hint}
          value={values[field]}
          error={errors[field]}
          onChange={(value) => actor.send({ type: 'onboarding.change', values: { [field]: value } })}
        />
      ))}
    </Stack>
  );
}
