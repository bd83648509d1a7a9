import { Alert, Button, Card, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { User } from '@contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from '@contract/languages';
import { MdiIcon } from '@/components/mdi-icon';
import { countryLabel } from '@/components/phone-fields';
import { authQueries, useCountries } from '@/features/auth';
import { formatPhone } from '@/lib/phone';
import { mdiPencilOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';
import { EditProfileForm } from './edit-profile-form';
import { SmsUpdatesSwitch } from './sms-updates-switch';

/** The day the account was made, in the shown language's locale (en-KE or sw-KE). */
const memberSince = (iso: string, language: string) =>
  new Intl.DateTimeFormat(LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" wordBreak="break-word">
        {children}
      </Text>
    </Stack>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const countries = useCountries();
  const country = countries.find((c) => c.cca2 === user.country);
  return (
    <Grid as="dl" templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="5">
      <Detail label={t('profile.name')}>{user.name}</Detail>
      <Detail label={t('profile.email')}>{user.email}</Detail>
      <Detail label={t('profile.phone')}>
        {user.phone ? formatPhone(user.phone, countries, user.country) : t('profile.notGiven')}
      </Detail>
      <Detail label={t('profile.country')}>
        {country ? countryLabel(country) : (user.country ?? t('profile.notGiven'))}
      </Detail>
      <Detail label={t('profile.memberSince')}>{memberSince(user.createdAt, i18n.language)}</Detail>
      <Detail label={t('profile.accountType')}>
        {user.type === 'admin' ? t('profile.admin') : t('profile.shopper')}
      </Detail>
    </Grid>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root variant="elevated" as="section" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The signed-in user's profile (GET /auth/me), its edit form and the password change. */
export function ProfilePanel() {
  const { t } = useTranslation('account');
  const me = useQuery(authQueries.me());
  const [editing, setEditing] = useState(false);

  if (me.isPending) {
    return (
      <Stack gap="4" aria-busy="true" aria-label={t('profile.loading')}>
        <Skeleton h="40" rounded="l3" />
        <Skeleton h="56" rounded="l3" />
      </Stack>
    );
  }
  if (me.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('profile.loadFailed')}</Alert.Title>
          <Alert.Description>
            <Button size="sm" variant="outline" mt="2" onClick={() => void me.refetch()}>
              {t('profile.tryAgain')}
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="6">
      <Section
        title={t('profile.title')}
        action={
          editing ? null : (
            <Button size="sm" variant="outline" colorPalette="secondary" onClick={() => setEditing(true)}>
              <MdiIcon path={mdiPencilOutline} />
              {t('profile.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <EditProfileForm user={me.data} onDone={() => setEditing(false)} />
        ) : (
          <ProfileDetails user={me.data} />
        )}
      </Section>
      {me.data.type === 'customer' ? (
        <Section title={t('smsUpdates.title')}>
          <SmsUpdatesSwitch user={me.data} />
        </Section>
      ) : null}
      <Section title={t('password.title')}>
        <Stack gap="4">
          <Text color="fg.muted">{t('password.note')}</Text>
          <ChangePasswordForm owner={me.data} />
        </Stack>
      </Section>
    </Stack>
  );
}
