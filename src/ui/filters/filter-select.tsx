import { chakra } from '@chakra-ui/react';

interface FilterSelectProps<T extends string> {
  label: string;
  value: T | null;
  /** Shown for "no filter"; omitted when a value is always set. */
  anyLabel?: string;
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | null) => void;
}

/** A native select: light, keyboard friendly, and found by its accessible label. */
export function FilterSelect<T extends string>({
  label,
  value,
  anyLabel,
  options,
  optionLabel,
  onChange,
}: FilterSelectProps<T>) {
  return (
    <chakra.select
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as T))}
      h="8"
      px="2"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
    >
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </chakra.select>
  );
}
