import { Box, CloseButton, Flex, Input, Tag } from '@chakra-ui/react';
import { ATTRIBUTE_VALUES_MAX, NAME_MAX } from '@contract/admin';
import { useState, type KeyboardEvent } from 'react';

export interface ValuesInputProps {
  /** For the text box's label, e.g. "Values of Weight". */
  label: string;
  values: string[];
  onChange(values: string[]): void;
  invalid?: boolean;
}

/**
 * An attribute's values as chips: type one and press Enter (or a comma) to add it; each chip has its
 * remove button. A value already there (whatever its case) is not added twice.
 */
export function ValuesInput({ label, values, onChange, invalid }: ValuesInputProps) {
  const [draft, setDraft] = useState('');

  function add() {
    const value = draft.trim();
    if (!value) return;
    if (
      !values.some((v) => v.toLowerCase() === value.toLowerCase()) &&
      values.length < ATTRIBUTE_VALUES_MAX
    ) {
      onChange([...values, value]);
    }
    setDraft('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && values.length) {
      onChange(values.slice(0, -1));
    }
  }

  return (
    <Box borderWidth="1px" rounded="l2" bg="bg" p="2" borderColor={invalid ? 'border.error' : undefined}>
      <Flex wrap="wrap" gap="2" align="center">
        {values.map((value) => (
          <Tag.Root key={value} size="lg" variant="subtle" colorPalette="secondary">
            <Tag.Label>{value}</Tag.Label>
            <Tag.EndElement>
              <CloseButton
                size="2xs"
                aria-label={`Remove value ${value}`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
        <Input
          aria-label={label}
          placeholder={values.length ? 'Add another value' : 'Type a value, then Enter'}
          variant="flushed"
          border="none"
          flex="1"
          minW="10rem"
          size="sm"
          maxLength={NAME_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value.replace(',', ''))}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </Flex>
    </Box>
  );
}
