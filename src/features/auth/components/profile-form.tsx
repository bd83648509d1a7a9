import { Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MIN } from '@contract/auth';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { composePhone, KENYA } from '@/lib/phone';
import { checkName, checkPassword, checkPhone, fieldProblem } from '@/lib/validation';
import { PasswordInput } from '@/components/password-input';
import { PasswordStrengthHint } from '@/components/password-strength-hint';
import { PhoneFields } from '@/components/phone-fields';
import { useCountries } from '../hooks/use-countries';
import { SubmitButton } from '@/components/submit-button';

export interface ProfileFormValues {
  name: string;
  /** With its dialling code (`+254712345678`), or null when none was given. */
  phone: string | null;
  /** ISO 3166-1 alpha-2, from the picker. */
  country: string;
  password: string;
}

type FieldName = 'name' | 'phone' | 'country' | 'password';
type Errors = Partial<Record<FieldName, string | null>>;

const FIELDS: FieldName[] = ['name', 'phone', 'country', 'password'];

/** The server's field problems (`issues` of a 400), worded like the form's own ("Name is required."). */
export function issuesToErrors(issues: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    if (issues[field]) errors[field] = fieldProblem(field, issues[field]);
  }
  return errors;
}

export interface ProfileFormProps {
  /**
   * `complete`: a new account, where the name and the password are needed. `credentials`: a new
   * password, with the details optional (left empty, they stay as they are).
   */
  mode: 'complete' | 'credentials';
  submitLabel: string;
  submitting?: boolean;
  /** Problems the server found, by field (shown until the field changes). */
  serverErrors?: Errors;
  onSubmit(values: ProfileFormValues): void;
}

/**
 * The profile form of /auth/complete-profile and /auth/credentials (both show it: docs/behaviour.md#routes).
 */
export function ProfileForm({ mode, submitLabel, submitting, serverErrors, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation(['auth', 'forms']);
  const countries = useCountries();
  const [name, setName] = useState('');
  const [country, setCountry] = useState(KENYA.cca2);
  const [national, setNational] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [focusNonce, setFocusNonce] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const strengthId = useId();

  const nameRequired = mode === 'complete';
  const validate = (values = { name, country, national, password }): Errors => ({
    name: checkName(values.name, nameRequired),
    phone: checkPhone(
      composePhone(
        values.national,
        countries.find((c) => c.cca2 === values.country),
      ),
    ),
    password: checkPassword(values.password),
  });

  // After a first submit, problems clear (or change) as the person types.
  const change = <K extends 'name' | 'country' | 'national' | 'password'>(
    key: K,
    value: string,
    set: (v: string) => void,
  ) => {
    set(value);
    if (checked) setErrors(validate({ name, country, national, password, [key]: value }));
  };

  // A new set of problems from the server shows on top of the form's own.
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (serverErrors !== shownServerErrors) {
    setShownServerErrors(serverErrors);
    if (serverErrors) setErrors((current) => ({ ...current, ...serverErrors }));
  }

  useEffect(() => {
    if (focusNonce) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusNonce]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setChecked(true);
    if (Object.values(found).some(Boolean)) {
      setFocusNonce((n) => n + 1);
      return;
    }
    onSubmit({
      name: name.trim(),
      phone: composePhone(
        national,
        countries.find((c) => c.cca2 === country),
      ),
      country,
      password,
    });
  };

  const passwordField = (
    <Field.Root invalid={Boolean(errors.password)}>
      <Field.Label>
        {mode === 'credentials' ? t('profileForm.newPassword') : t('profileForm.password')}
      </Field.Label>
      <PasswordInput
        name="new-password"
        autoComplete="new-password"
        autoFocus={mode === 'credentials'}
        aria-describedby={strengthId}
        value={password}
        onChange={(e) => change('password', e.target.value, setPassword)}
      />
      {errors.password ? (
        <Field.ErrorText>{errors.password}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t('profileForm.passwordHelp', { min: PASSWORD_MIN })}</Field.HelperText>
      )}
      <PasswordStrengthHint password={password} id={strengthId} person={{ name }} />
    </Field.Root>
  );

  const details = (
    <>
      <Field.Root invalid={Boolean(errors.name)}>
        <Field.Label>
          {t('profileForm.fullName')}
          {nameRequired ? null : (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              {t('forms:optional')}
            </Text>
          )}
        </Field.Label>
        <Input
          name="name"
          autoComplete="name"
          autoFocus={mode === 'complete'}
          bg="bg"
          value={name}
          onChange={(e) => change('name', e.target.value, setName)}
        />
        <Field.ErrorText>{errors.name}</Field.ErrorText>
      </Field.Root>
      <PhoneFields
        countries={countries}
        country={country}
        onCountryChange={(v) => change('country', v, setCountry)}
        national={national}
        onNationalChange={(v) => change('national', v, setNational)}
        error={errors.phone}
        countryError={errors.country}
        optional
      />
    </>
  );

  return (
    <Stack asChild gap="5" mt="2">
      <form ref={form} onSubmit={submit} noValidate>
        {mode === 'complete' ? (
          <>
            {details}
            {passwordField}
          </>
        ) : (
          <>
            {passwordField}
            <Stack gap="4" pt="2" borderTopWidth="1px">
              <Stack gap="1">
                <Heading as="h2" size="sm">
                  {t('profileForm.yourDetails')}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {t('profileForm.detailsHelp')}
                </Text>
              </Stack>
              {details}
            </Stack>
          </>
        )}
        <SubmitButton loading={submitting} loadingText={t('profileForm.saving')}>
          {submitLabel}
        </SubmitButton>
      </form>
    </Stack>
  );
}
