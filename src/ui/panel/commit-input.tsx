import { chakra } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';

interface CommitInputProps {
  label: string;
  /** What the record holds (or what the person typed, kept through a conflict). */
  value: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal';
  disabled?: boolean;
  onCommit: (text: string) => void;
}

/** A field that sends its value on Enter or when it loses focus, and only when it changed. */
export function CommitInput({ label, value, placeholder, inputMode = 'text', disabled, onCommit }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // the record changed underneath (saved, undone, rolled back): show it
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(value);
  };
  return (
    <chakra.input
      aria-label={label}
      value={draft}
      placeholder={placeholder}
      inputMode={inputMode}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      width="7rem"
      px="2"
      py="0.5"
      borderWidth="1px"
      borderColor="border"
      borderRadius="sm"
      bg="bg"
      fontSize="sm"
    />
  );
}
