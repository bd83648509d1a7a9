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
import { deliveryAreas, faqs, privacySummary, termsSummary } from './more-content';

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

const contents = [
  { id: 'delivery', label: 'Delivery' },
  { id: 'faq', label: 'Help & FAQ' },
  { id: 'contact', label: 'Contact' },
  { id: 'terms', label: 'Terms' },
  { id: 'privacy', label: 'Privacy' },
];

/** /more: delivery, help, contact and the legal summaries, plus the release label. */
/**
 * The accordion builds its elements' ids from an item's value, and aria-controls lists ids separated
 * by spaces: a question as the value would point at ids that do not exist. A slug has no spaces.
 */
const faqKey = (question: string) =>
  question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The More page; `languageSwitch` (composed in by the route) lets a visitor pick the shop's language. */
export function MorePage({ languageSwitch }: { languageSwitch?: ReactNode }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            More
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Everything about delivery, paying with M-Pesa, returns and how to reach us.
          </Text>
          <Wrap as="nav" aria-label="On this page" gap="2" pt="2">
            {contents.map((c) => (
              <Badge
                key={c.id}
                asChild
                size="lg"
                variant="surface"
                colorPalette="primary"
                rounded="full"
                px="3"
              >
                <a href={`#${c.id}`}>{c.label}</a>
              </Badge>
            ))}
          </Wrap>
          {languageSwitch ? <Box pt="2">{languageSwitch}</Box> : null}
        </Stack>

        <Section id="delivery" icon={mdiTruckDeliveryOutline} title="Delivery information">
          <Text>
            We deliver across <strong>Nairobi and its surroundings</strong>,{' '}
            {shopInfo.deliveryHours.toLowerCase()}. Orders paid before {shopInfo.sameDayCutoff} are delivered
            the same day; later orders go out first thing the next morning.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {deliveryAreas.map((group) => (
              <Box key={group.title} bg="bg.subtle" rounded="l2" p="4">
                <Text fontWeight="semibold" mb="2">
                  {group.title}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {group.areas.join(' · ')}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <List.Root gap="1.5" ps="5">
            <List.Item>
              The delivery fee depends on your area and is shown at checkout before you pay.
            </List.Item>
            <List.Item>
              Our rider calls the phone number on your order when they are close; please keep it reachable.
            </List.Item>
            <List.Item>Chilled and frozen items travel in cool boxes and are handed over first.</List.Item>
            <List.Item>
              Outside these areas? Contact us — we are adding new neighbourhoods regularly.
            </List.Item>
          </List.Root>
        </Section>

        <Section id="faq" icon={mdiHelpCircleOutline} title="Help & FAQ">
          <Accordion.Root collapsible multiple variant="enclosed" defaultValue={[faqKey(faqs[0]!.question)]}>
            {faqs.map((faq) => (
              <Accordion.Item key={faq.question} value={faqKey(faq.question)}>
                <Accordion.ItemTrigger fontWeight="semibold" cursor="pointer">
                  <Box as="span" flex="1" textAlign="start">
                    {faq.question}
                  </Box>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">{faq.answer}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Section>

        <Section id="contact" icon={mdiPhoneOutline} title="Contact us">
          <Text>
            Our customer care team answers {shopInfo.supportHours.replace('Every day', 'every day')}.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <ContactLine
              icon={mdiPhoneOutline}
              label="Call"
              href={shopInfo.phoneHref}
              value={shopInfo.phone}
            />
            <ContactLine
              icon={mdiWhatsapp}
              label="WhatsApp"
              href={shopInfo.whatsappHref}
              value={shopInfo.whatsapp}
            />
            <ContactLine
              icon={mdiEmailOutline}
              label="Email"
              href={shopInfo.emailHref}
              value={shopInfo.email}
            />
            <ContactLine icon={mdiMapMarkerOutline} label="Address" value={shopInfo.address} />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            Please have your order number ready; you find it under Orders in your account.
          </Text>
        </Section>

        <Section id="terms" icon={mdiFileDocumentOutline} title="Terms of service (summary)">
          <List.Root gap="2" ps="5">
            {termsSummary.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        </Section>

        <Section id="privacy" icon={mdiShieldLockOutline} title="Privacy (summary)">
          <List.Root gap="2" ps="5">
            {privacySummary.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        </Section>

        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {shopInfo.name} storefront, release {shopInfo.release}
        </Text>
      </Stack>
    </Container>
  );
}

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
            {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
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
