import {
  Accordion,
  Badge,
  Box,
  Container,
  Heading,
  Link,
  List,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, isLanguage } from '@contract/languages';
import { MdiIcon } from '@/components/mdi-icon';
import { shopInfo } from '@/lib/shop-info';
import {
  mdiEmailOutline,
  mdiFileDocumentOutline,
  mdiHelpCircleOutline,
  mdiMapMarkerOutline,
  mdiPhoneOutline,
  mdiShieldLockOutline,
  mdiTruckDeliveryOutline,
  mdiWhatsapp,
} from '@mdi/js';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deliveryAreaGroups, faqs, privacySummary, shopHours, termsSummary } from './more-content';

function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      p={{ base: '5', md: '8' }}
      scrollMarginTop="20"
    >
      <Stack gap="4">
        <Heading as="h2" id={`${id}-title`} size="xl" display="flex" alignItems="center" gap="2">
          <Box as="span" color="primary.solid" display="inline-flex">
            <MdiIcon path={icon} boxSize="6" />
          </Box>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/** The page's sections, in order (their ids are the anchors of the links at the top). */
const contents = ['delivery', 'faq', 'contact', 'terms', 'privacy'] as const;

/*
 * The accordion builds its elements' ids from an item's value, and aria-controls lists ids separated
 * by spaces: a question's key as the value has none, and stays the same in every language.
 */

/**
 * /more: delivery, help, contact and the legal summaries, plus the release label. `languageSwitch`
 * (composed in by the route) lets a visitor pick the shop's language.
 */
export function MorePage({ languageSwitch }: { languageSwitch?: ReactNode }) {
  const { t, i18n } = useTranslation('help');
  const hours = shopHours(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {t('title')}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {t('lead')}
          </Text>
          <Wrap as="nav" aria-label={t('onThisPage')} gap="2" pt="2">
            {contents.map((id) => (
              <Badge
                key={id}
                asChild
                size="lg"
                variant="surface"
                colorPalette="primary"
                rounded="full"
                px="3"
              >
                <a href={`#${id}`}>{t(`nav.${id}`)}</a>
              </Badge>
            ))}
          </Wrap>
          {languageSwitch ? <Box pt="2">{languageSwitch}</Box> : null}
        </Stack>

        <Section id="delivery" icon={mdiTruckDeliveryOutline} title={t('delivery.title')}>
          <Text>
            <Trans
              t={t}
              i18nKey="delivery.intro"
              values={{ hours: hours.deliveryHours, cutoff: hours.sameDayCutoff }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {deliveryAreaGroups.map((group) => (
              <Box key={group} bg="bg.subtle" rounded="l2" p="4">
                <Text fontWeight="semibold" mb="2">
                  {t(`delivery.areas.${group}.title`)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(`delivery.areas.${group}.list`)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <List.Root gap="1.5" ps="5">
            <List.Item>{t('delivery.notes.fee')}</List.Item>
            <List.Item>{t('delivery.notes.rider')}</List.Item>
            <List.Item>{t('delivery.notes.chilled')}</List.Item>
            <List.Item>{t('delivery.notes.outside')}</List.Item>
          </List.Root>
        </Section>

        <Section id="faq" icon={mdiHelpCircleOutline} title={t('faq.title')}>
          <Accordion.Root collapsible multiple variant="enclosed" defaultValue={[faqs[0]]}>
            {faqs.map((faq) => (
              <Accordion.Item key={faq} value={faq}>
                <Accordion.ItemTrigger fontWeight="semibold" cursor="pointer">
                  <Box as="span" flex="1" textAlign="start">
                    {t(`faq.items.${faq}.question`)}
                  </Box>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">
                    {t(`faq.items.${faq}.answer`, { cutoff: hours.sameDayCutoff })}
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Section>

        <Section id="contact" icon={mdiPhoneOutline} title={t('contact.title')}>
          <Text>{t('contact.hours', { hours: hours.supportHours })}</Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <ContactLine
              icon={mdiPhoneOutline}
              label={t('contact.call')}
              href={shopInfo.phoneHref}
              value={shopInfo.phone}
            />
            <ContactLine
              icon={mdiWhatsapp}
              label={t('contact.whatsapp')}
              href={shopInfo.whatsappHref}
              value={shopInfo.whatsapp}
            />
            <ContactLine
              icon={mdiEmailOutline}
              label={t('contact.email')}
              href={shopInfo.emailHref}
              value={shopInfo.email}
            />
            <ContactLine icon={mdiMapMarkerOutline} label={t('contact.address')} value={shopInfo.address} />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            {t('contact.orderNumber')}
          </Text>
        </Section>

        <Section id="terms" icon={mdiFileDocumentOutline} title={t('terms.title')}>
          <List.Root gap="2" ps="5">
            {termsSummary.map((line) => (
              <List.Item key={line}>{t(`terms.items.${line}`)}</List.Item>
            ))}
          </List.Root>
        </Section>

        <Section id="privacy" icon={mdiShieldLockOutline} title={t('privacy.title')}>
          <List.Root gap="2" ps="5">
            {privacySummary.map((line) => (
              <List.Item key={line}>{t(`privacy.items.${line}`)}</List.Item>
            ))}
          </List.Root>
        </Section>

        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {t('release', { name: shopInfo.name, release: shopInfo.release })}
        </Text>
      </Stack>
    </Container>
  );
}

/** A link out of the shop (WhatsApp) opens in a new tab. */
const OPENS_ELSEWHERE = { target: '_blank', rel: 'noreferrer' } as const;

function ContactLine({
  icon,
  label,
  value,
  href,
}: {
  icon: string;
  label: string;
  value: string;
  href?: string;
}) {
  return (
    <Stack direction="row" gap="3" align="flex-start" bg="bg.subtle" rounded="l2" p="3">
      <Box color="primary.solid" pt="0.5">
        <MdiIcon path={icon} />
      </Box>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {label}
        </Text>
        {href ? (
          <Link
            href={href}
            color="primary.fg"
            fontWeight="medium"
            {...(href.startsWith('http') ? OPENS_ELSEWHERE : {})}
          >
            {value}
          </Link>
        ) : (
          <Text fontWeight="medium">{value}</Text>
        )}
      </Stack>
    </Stack>
  );
}
