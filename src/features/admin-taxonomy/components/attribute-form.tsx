import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { AttributeInput, NAME_MAX } from '@contract/admin';
import { useState, type FormEvent } from 'react';
import { ValuesInput } from './values-input';

type Errors = Partial<Record<'name' | 'values', string>>;

export interface AttributeFormProps {
  initial?: AttributeInput;
  submitLabel: string;
  /** Saves; answers the field errors to show (a 400's issues, a 409's message under the name), if any. */
  onSubmit(input: AttributeInput): Promise<Errors | void>;
  onCancel?(): void;
}

/** Name and values of an attribute, for creating one and for renaming or editing its values. */
export function AttributeForm({ initial, submitLabel, onSubmit, onCancel }: AttributeFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [values, setValues] = useState<string[]>(initial?.values ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AttributeInput.safeParse({ name, values });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'values';
        found[field] ??=
          field === 'name' && !name.trim()
            ? 'Give the attribute a name.'
            : `${field === 'name' ? 'The name' : 'Values'}: ${issue.message}.`;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const problems = await onSubmit(parsed.data);
      if (problems) setErrors(problems);
      else if (!initial) {
        setName('');
        setValues([]);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.name)}>
          <Field.Label>Attribute name</Field.Label>
          <Input
            bg="bg"
            maxLength={NAME_MAX}
            placeholder="e.g. Weight"
            autoComplete="off"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.values)}>
          <Field.Label as="span">Values</Field.Label>
          <ValuesInput
            label={`Values of ${name.trim() || 'the attribute'}`}
            values={values}
            onChange={setValues}
            invalid={Boolean(errors.values)}
          />
          <Field.HelperText>Press Enter after each value, e.g. 250 g, 500 g, 1 kg.</Field.HelperText>
          <Field.ErrorText>{errors.values}</Field.ErrorText>
        </Field.Root>
        <HStack justify="flex-end" gap="3">
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" colorPalette="primary" loading={saving} loadingText="Saving…">
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
