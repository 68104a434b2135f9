import { chakra, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

/** A labelled text input with its validation message (announced with the input). */
export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  disabled?: boolean;
}

export function TextField({ label, value, onChange, error, hint, type = 'text', disabled }: TextFieldProps) {
  const id = useId();
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontWeight="medium">
        {label}
      </chakra.label>
      <chakra.input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-help` : undefined}
        onChange={(e) => onChange(e.target.value)}
        px="3"
        py="2"
        borderWidth="1px"
        borderColor={error ? 'border.error' : 'border'}
        rounded="md"
        bg="bg"
      />
      {(error || hint) && (
        <Text id={`${id}-help`} fontSize="sm" color={error ? 'fg.error' : 'fg.muted'}>
          {error ?? hint}
        </Text>
      )}
    </Stack>
  );
}
