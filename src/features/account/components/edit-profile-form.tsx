import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type { User } from '@contract/auth';
import { PhoneFields } from '@/components/phone-fields';
import { authMutations, authRefusal, useCountries } from '@/features/auth';
import { fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { composePhone, splitPhone } from '@/lib/phone';
import { checkName, checkPhone, fieldProblem } from '@/lib/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Errors = { name?: string | null; phone?: string | null; country?: string | null };

/** Name, country and phone of the signed-in user (PATCH /auth/me). */
export function EditProfileForm({ user, onDone }: { user: User; onDone(): void }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const countries = useCountries();
  const initial = splitPhone(user.phone, countries, user.country);
  const [name, setName] = useState(user.name);
  const [country, setCountry] = useState(user.country ?? initial.cca2);
  const [national, setNational] = useState(initial.national);
  const [errors, setErrors] = useState<Errors>({});
  const update = useMutation(authMutations.updateMe(queryClient));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phone = composePhone(
      national,
      countries.find((c) => c.cca2 === country),
    );
    const found: Errors = { name: checkName(name, true), phone: checkPhone(phone) };
    setErrors(found);
    if (found.name || found.phone) return;
    update.mutate(
      { name: name.trim(), phone, country },
      {
        onSuccess: () => {
          notify.success(t('edit.saved'));
          onDone();
        },
        onError: (error) => {
          toastError(authRefusal(error) ?? error);
          const issues = fieldIssues(error);
          setErrors({
            name: issues.name ? fieldProblem('name', issues.name) : null,
            phone: issues.phone ? fieldProblem('phone', issues.phone) : null,
            country: issues.country ? fieldProblem('country', issues.country) : null,
          });
        },
      },
    );
  };

  return (
    <Stack asChild gap="5">
      <form onSubmit={submit} noValidate aria-label={t('edit.formLabel')}>
        <Field.Root invalid={Boolean(errors.name)}>
          <Field.Label>{t('edit.fullName')}</Field.Label>
          <Input
            name="name"
            autoComplete="name"
            bg="bg"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <PhoneFields
          countries={countries}
          country={country}
          onCountryChange={setCountry}
          national={national}
          onNationalChange={setNational}
          error={errors.phone}
          countryError={errors.country}
          optional
        />
        <HStack gap="3">
          <Button
            type="submit"
            colorPalette="primary"
            loading={update.isPending}
            loadingText={t('edit.saving')}
          >
            {t('edit.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone} disabled={update.isPending}>
            {t('edit.cancel')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
