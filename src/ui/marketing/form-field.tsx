import { chakra, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown instead of the hint, and announced with the input. */
  error: string | null;
  hint: ReactNode;
  type?: 'text' | 'url';
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled input with its hint or error. */
export function FormField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  placeholder,
  disabled,
  required,
}: FormFieldProps) {
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
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.currentTarget.value)}
        px="3"
        py="2"
        borderWidth="1px"
        borderColor={error ? 'border.error' : 'border'}
        rounded="md"
        bg="bg"
      />
      <Text id={`${id}-help`} fontSize="sm" color={error ? 'fg.error' : 'fg.muted'}>
        {error ?? hint}
      </Text>
    </Stack>
  );
}
