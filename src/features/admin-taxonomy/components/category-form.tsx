import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { SubmitButton } from '@/components/submit-button';
import { isApiError } from '@/lib/api-client';
import { fieldIssues, toastError } from '@/lib/errors';
import { CategoryInput, NAME_MAX } from '@contract/admin';
import { useState, type FormEvent } from 'react';
import { isAbortError } from '../api/abort';
import { ColorSwatches } from './color-swatches';
import { IconPicker } from './icon-picker';

export interface CategoryFormValues {
  name: string;
  icon: string;
  color: string;
  /** The icon's path when the category exists already, drawn before the icon set loads. */
  iconPath?: string;
}

type Errors = Partial<Record<'name' | 'icon' | 'color', string>>;

const FIELD_ERRORS: Record<keyof Errors, string> = {
  name: 'Give the category a name.',
  icon: 'Choose an icon.',
  color: 'Choose a colour.',
};

/** Client-side checks with the contract's own schema, worded for people. */
function check(values: CategoryFormValues): { input?: CategoryInput; errors: Errors } {
  const parsed = CategoryInput.safeParse({ name: values.name, icon: values.icon, color: values.color });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Errors;
    errors[field] ??=
      field === 'name' && values.name.trim() ? `The name ${issue.message}.` : FIELD_ERRORS[field];
  }
  return { errors };
}

export interface CategoryFormProps {
  initial?: CategoryFormValues;
  submitLabel: string;
  /** Saves the category; its ApiError (400 issues, 409 name in use) lands under the fields. */
  onSubmit(input: CategoryInput): Promise<unknown>;
  onCancel(): void;
}

/** Name, icon and colour of a category, shared by 'Add new Category' and editing one. */
export function CategoryForm({ initial, submitLabel, onSubmit, onCancel }: CategoryFormProps) {
  const [values, setValues] = useState<CategoryFormValues>(initial ?? { name: '', icon: '', color: 'green' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { input, errors: found } = check(values);
    setErrors(found);
    if (!input) return;
    setSaving(true);
    try {
      await onSubmit(input);
    } catch (error) {
      if (isAbortError(error)) return;
      if (isApiError(error) && error.status === 409) setErrors({ name: error.message });
      else if (isApiError(error) && error.issues.length) setErrors(fieldIssues(error) as Errors);
      else toastError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5" colorPalette={values.color || 'gray'}>
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="name"
            bg="bg"
            maxLength={NAME_MAX}
            autoComplete="off"
            placeholder="e.g. Snacks"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <IconPicker
          value={values.icon}
          valuePath={initial?.iconPath}
          onChange={(icon) => set('icon', icon)}
          error={errors.icon}
        />
        <ColorSwatches value={values.color} onChange={(color) => set('color', color)} error={errors.color} />
        <HStack justify="flex-end" gap="3">
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton size="md" loading={saving} loadingText="Saving…">
            {submitLabel}
          </SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}
