import { Box, Button, chakra, Circle, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import {
  mdiCellphoneCheck,
  mdiChevronLeft,
  mdiChevronRight,
  mdiFruitWatermelon,
  mdiPause,
  mdiPlay,
  mdiTruckFastOutline,
} from '@mdi/js';
import { shopInfo } from '@/lib/shop-info';
import type { Category } from '@contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translate } from '@/lib/i18n';
import { categoryQueries } from '../api/category-queries';
import { categoryLink } from '../model/paths';

/**
 * 500 px tall on large screens (docs/behaviour.md#promo-carousel); shorter on smaller ones so the products
 * stay in reach.
 */
const CAROUSEL_HEIGHT = { base: '17rem', sm: '18rem', md: '22rem', lg: '500px' } as const;
/** The carousel moves on every 6000 ms (docs/behaviour.md#promo-carousel). */
export const CAROUSEL_INTERVAL_MS = 6000;

export interface Slide {
  /** One of the shop's promotions, whose words are in the catalogue (catalogue:promo.<id>). */
  promo?: PromoId;
  title: string;
  text: string;
  palette: string;
  icon: string;
  cta: string;
  /** The slug of the category the button opens; without one (or while it is unknown) it scrolls to the products. */
  category?: string;
  /**
   * The static promo's fixed countdown (sample content, it does not tick: docs/behaviour.md#promo-carousel).
   */
  countdown?: string;
}

/** The category the fruit & vegetables promotion opens, as the sample catalogue names it. */
export const PROMO_CATEGORY_SLUG = 'fruits-vegetables';

type PromoId = 'offer' | 'sameDay' | 'mpesa';

/**
 * A promotion whose words come from the catalogue: read outside React they are in the shown language
 * (translate); the carousel itself words them with its own `t`, which the server renders too.
 */
function promoSlide(promo: PromoId, look: Omit<Slide, 'promo' | 'title' | 'text' | 'cta'>): Slide {
  return {
    promo,
    ...look,
    get title() {
      return translate(`catalogue:promo.${promo}.title`);
    },
    get text() {
      return translate(`catalogue:promo.${promo}.text`, { cutoff: shopInfo.sameDayCutoff });
    },
    get cta() {
      return translate(`catalogue:promo.${promo}.cta`);
    },
  };
}

/**
 * Static sample content (docs/behaviour.md#promo-carousel): the promo with a fixed 24:00:00 countdown and 20%
 * off.
 */
export const PROMO_SLIDES: readonly Slide[] = [
  promoSlide('offer', {
    palette: 'primary',
    icon: mdiFruitWatermelon,
    category: PROMO_CATEGORY_SLUG,
    countdown: '24:00:00',
  }),
  promoSlide('sameDay', { palette: 'secondary', icon: mdiTruckFastOutline }),
  promoSlide('mpesa', { palette: 'green', icon: mdiCellphoneCheck }),
];

/** A slide's words in the language `t` speaks (a slide that is no promotion of the shop says its own). */
const slideWords = (t: TFunction<'catalogue'>, slide: Slide) =>
  slide.promo
    ? {
        title: t(`promo.${slide.promo}.title`),
        text: t(`promo.${slide.promo}.text`, { cutoff: shopInfo.sameDayCutoff }),
        cta: t(`promo.${slide.promo}.cta`),
      }
    : { title: slide.title, text: slide.text, cta: slide.cta };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener?.('change', listener);
      return () => query?.removeEventListener?.('change', listener);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** Whether slide `i` is the shown one or next to it (either way round the loop). */
const isNearby = (i: number, shown: number, count: number) => {
  const distance = Math.abs(i - shown);
  return Math.min(distance, count - distance) <= 1;
};

function SlideView({
  slide,
  index,
  count,
  active,
  category,
  onCta,
}: {
  slide: Slide;
  index: number;
  count: number;
  active: boolean;
  /** The category the button opens, once the categories are known. */
  category: Category | undefined;
  onCta: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const words = slideWords(t, slide);
  const ctaStyle = {
    size: { base: 'sm', md: 'lg' },
    bg: 'white',
    color: 'colorPalette.700',
    _hover: { bg: 'whiteAlpha.900' },
  } as const;
  return (
    <Box
      role="group"
      aria-roledescription={t('promo.slide')}
      aria-label={t('promo.slideLabel', { number: index + 1, total: count, title: words.title })}
      aria-hidden={!active}
      inert={!active}
      flex="0 0 100%"
      h="full"
      colorPalette={slide.palette}
      bgGradient="to-br"
      gradientFrom="colorPalette.600"
      gradientTo="colorPalette.800"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Box
        position="absolute"
        insetEnd={{ base: '-8', md: '6%' }}
        top="50%"
        transform="translateY(-50%)"
        opacity={{ base: 0.18, md: 0.3 }}
        aria-hidden="true"
      >
        <MdiIcon path={slide.icon} boxSize={{ base: '48', md: '64', lg: '80' }} />
      </Box>
      <Flex h="full" align="center" px={{ base: '6', md: '14', lg: '20' }} pt="6" pb="12" position="relative">
        <Stack gap={{ base: '2', md: '4' }} maxW={{ base: '85%', md: '60%' }}>
          {slide.countdown ? (
            <HStack
              gap="2"
              fontSize={{ base: 'xs', md: 'sm' }}
              fontWeight="semibold"
              textTransform="uppercase"
            >
              <Text>{t('promo.endsIn')}</Text>
              <Box
                as="span"
                bg="blackAlpha.400"
                px="2"
                py="0.5"
                rounded="md"
                fontFamily="mono"
                fontSize={{ base: 'sm', md: 'md' }}
              >
                {slide.countdown}
              </Box>
            </HStack>
          ) : null}
          <Text
            as="h2"
            fontWeight="extrabold"
            lineHeight="1.1"
            letterSpacing="tight"
            fontSize={{ base: 'xl', sm: '2xl', md: '4xl', lg: '5xl' }}
          >
            {words.title}
          </Text>
          <Text fontSize={{ base: 'sm', md: 'lg' }} opacity={0.92} lineClamp={{ base: 2, md: 'none' }}>
            {words.text}
          </Text>
          <Box>
            {category ? (
              <Button asChild {...ctaStyle}>
                <Link {...categoryLink(category)}>{words.cta}</Link>
              </Button>
            ) : (
              <Button onClick={onCta} {...ctaStyle}>
                {words.cta}
              </Button>
            )}
          </Box>
        </Stack>
      </Flex>
    </Box>
  );
}

/**
 * The landing page's promotions: moves on every 6 s, pauses while hovered or focused and on the
 * pause button, and stays still for people who prefer reduced motion. Previous/next and the dots
 * work by keyboard; only the shown slide is reachable. Only the shown slide and its two neighbours
 * (the ones a move slides in) are drawn; the others keep their empty place in the track, so nothing
 * shifts when they fill in.
 */
export function PromoCarousel({
  onCta,
  slides = PROMO_SLIDES,
}: {
  onCta: () => void;
  slides?: readonly Slide[];
}) {
  const { t } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Loaded with the landing page; a category that is gone leaves the button scrolling to the products.
  const { data: categories } = useQuery(categoryQueries.list());
  const categoryOf = (slide: Slide) =>
    slide.category ? categories?.rows.find((c) => c.slug === slide.category) : undefined;
  const [playing, setPlaying] = useState<boolean | null>(null);
  // Until the shopper chooses, it plays unless they asked their system for less motion.
  const autoplay = playing ?? !reducedMotion;
  const rotating = autoplay && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % slides.length);
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, index, slides.length]);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);
  const controlStyle = {
    variant: 'solid',
    bg: 'blackAlpha.500',
    color: 'white',
    _hover: { bg: 'blackAlpha.700' },
    rounded: 'full',
  } as const;

  return (
    <Box
      as="section"
      aria-roledescription={t('promo.carousel')}
      aria-label={t('promo.label')}
      position="relative"
      h={CAROUSEL_HEIGHT}
      rounded={{ base: 'l2', md: 'l3' }}
      overflow="hidden"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Flex
        h="full"
        aria-live={rotating ? 'off' : 'polite'}
        transform={`translateX(-${index * 100}%)`}
        transition="transform 600ms ease-in-out"
        _motionReduce={{ transition: 'none' }}
      >
        {slides.map((slide, i) =>
          isNearby(i, index, slides.length) ? (
            <SlideView
              key={slide.promo ?? slide.title}
              slide={slide}
              index={i}
              count={slides.length}
              active={i === index}
              category={categoryOf(slide)}
              onCta={onCta}
            />
          ) : (
            <Box
              key={slide.promo ?? slide.title}
              flex="0 0 100%"
              h="full"
              aria-hidden="true"
              data-slide-placeholder=""
            />
          ),
        )}
      </Flex>
      <IconButton
        aria-label={t('promo.previous')}
        position="absolute"
        insetStart="3"
        top="50%"
        transform="translateY(-50%)"
        size={{ base: 'sm', md: 'md' }}
        hideBelow="sm"
        {...controlStyle}
        onClick={() => go(index - 1)}
      >
        <MdiIcon path={mdiChevronLeft} boxSize="6" />
      </IconButton>
      <IconButton
        aria-label={t('promo.next')}
        position="absolute"
        insetEnd="3"
        top="50%"
        transform="translateY(-50%)"
        size={{ base: 'sm', md: 'md' }}
        hideBelow="sm"
        {...controlStyle}
        onClick={() => go(index + 1)}
      >
        <MdiIcon path={mdiChevronRight} boxSize="6" />
      </IconButton>
      <HStack position="absolute" bottom="3" insetInline="0" justify="center" gap="1">
        <IconButton
          aria-label={autoplay ? t('promo.pause') : t('promo.play')}
          size="xs"
          {...controlStyle}
          onClick={() => setPlaying(!autoplay)}
        >
          <MdiIcon path={autoplay ? mdiPause : mdiPlay} boxSize="4" />
        </IconButton>
        {slides.map((slide, i) => (
          <chakra.button
            type="button"
            key={slide.promo ?? slide.title}
            aria-label={t('promo.goTo', { number: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => go(i)}
            p="2"
            cursor="pointer"
            rounded="full"
            _focusVisible={{ outline: '2px solid', outlineColor: 'white' }}
          >
            <Circle size="2.5" bg={i === index ? 'white' : 'whiteAlpha.600'} transition="background 200ms" />
          </chakra.button>
        ))}
      </HStack>
    </Box>
  );
}
