import { chakra } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';

interface CommitInputProps {
  label: string;
  /** What the record holds (or what the person typed, kept through a conflict). */
  value: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal';
  disabled?: boolean;
  /** A long value (a tour's name) wraps onto more lines instead of being cut. */
  multiline?: boolean;
  /** The machine refused what was typed: the field keeps it and is described by `errorId`. */
  invalid?: boolean;
  errorId?: string;
  onCommit: (text: string) => void;
  /** What was typed in a refused field is given up (Escape, or the saved value typed again). */
  onDiscard?: () => void;
  /** The field gained or lost the focus (its history notes changes made elsewhere meanwhile). */
  onFocus?: () => void;
  onBlur?: () => void;
  /** A note under the field (a change made elsewhere), read with it. */
  noteId?: string;
}

const fieldStyle = {
  px: '2',
  py: '0.5',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'bg',
  fontSize: 'sm',
  _invalid: { borderColor: 'border.error' },
} as const;

/** A field that sends its value on Enter or when it loses focus, and only when it changed. */
export function CommitInput({
  label,
  value,
  placeholder,
  inputMode = 'text',
  disabled,
  multiline,
  invalid,
  errorId,
  onCommit,
  onDiscard,
  onFocus,
  onBlur,
  noteId,
}: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // the record changed underneath (saved, undone, rolled back, changed elsewhere): show it, unless
    // what was typed was refused and is still to be corrected, or is being typed and not committed yet
    setShown(value);
    if (!invalid && draft === shown) setDraft(value);
  }
  const commit = () => {
    const text = draft.trim();
    if (text !== value) onCommit(text);
    else if (invalid) onDiscard?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
    if (event.key === 'Escape' && (draft !== value || invalid)) {
      // Escape gives up what was typed; only an untouched field lets it close the panel
      event.stopPropagation();
      setDraft(value);
      if (invalid) onDiscard?.();
    }
  };
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': [invalid ? errorId : undefined, noteId].filter(Boolean).join(' ') || undefined,
    value: draft,
    placeholder,
    disabled,
    onFocus,
    onBlur: () => {
      commit();
      onBlur?.();
    },
    onKeyDown,
    ...fieldStyle,
  };
  if (multiline)
    return (
      <chakra.textarea
        {...common}
        onChange={(e) => setDraft(e.target.value)}
        rows={1}
        width="full"
        resize="none"
        css={{ fieldSizing: 'content' }}
      />
    );
  return <chakra.input {...common} inputMode={inputMode} onChange={(e) => setDraft(e.target.value)} width="7rem" />;
}
