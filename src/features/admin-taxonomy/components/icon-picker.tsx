import {
  Box,
  Circle,
  Field,
  Grid,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useEffect, useId, useMemo, useState } from 'react';
import { iconIndex, iconLabel, searchIcons, SUGGESTED_ICONS, type IconEntry } from '../model/icon-search';

/*
 * A searchable picker over the whole Material Design icon set. The set (@mdi/js, every icon's path)
 * is loaded here only, by a dynamic import the first time a picker shows, so it never enters the
 * storefront's bundle. At most RESULTS_MAX icons are drawn at once. The icons are a native radio
 * group: Tab enters at the chosen one, the arrow keys move and choose, as in any form.
 */

const RESULTS_MAX = 96;

interface IconSet {
  paths: Readonly<Record<string, string>>;
  index: IconEntry[];
}

let iconSet: Promise<IconSet> | null = null;

function loadIconSet(): Promise<IconSet> {
  iconSet ??= import('@mdi/js').then((mdi) => {
    const paths = mdi as unknown as Readonly<Record<string, string>>;
    return { paths, index: iconIndex(Object.keys(paths)) };
  });
  return iconSet;
}

function useIconSet() {
  const [set, setSet] = useState<IconSet | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadIconSet().then(
      (loaded) => live && setSet(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { set, failed };
}

export interface IconPickerProps {
  /** The chosen icon's export name, e.g. `mdiFish`; empty when none yet. */
  value: string;
  /** Its path when known before the set loads (Category.iconPath of the category being edited). */
  valuePath?: string;
  onChange(name: string): void;
  error?: string | null;
}

export function IconPicker({ value, valuePath, onChange, error }: IconPickerProps) {
  const { set, failed } = useIconSet();
  const [query, setQuery] = useState('');
  const groupName = useId();
  const statusId = useId();

  const { icons, total, suggested } = useMemo(() => {
    if (!set) return { icons: [], total: 0, suggested: false };
    if (query.trim()) return { ...searchIcons(set.index, query, RESULTS_MAX), suggested: false };
    const names = [value, ...SUGGESTED_ICONS.filter((n) => n !== value)].filter((n) => n && set.paths[n]);
    const icons = names.map((name) => ({ name, label: iconLabel(name), compact: '' }));
    return { icons, total: icons.length, suggested: true };
  }, [set, query, value]);

  const chosenPath = set?.paths[value] ?? valuePath;
  const status = !set
    ? 'Loading icons…'
    : suggested
      ? 'Suggested icons. Search to see all of them.'
      : total === 0
        ? `No icon matches "${query.trim()}".`
        : total > icons.length
          ? `Showing ${icons.length} of ${total.toLocaleString('en-KE')} icons. Type more to narrow them down.`
          : `${total} ${total === 1 ? 'icon matches' : 'icons match'}.`;

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Icon</Field.Label>
      <Stack gap="3" w="full">
        <HStack gap="3">
          <Circle size="10" bg="colorPalette.subtle" color="colorPalette.fg" flexShrink="0">
            {chosenPath ? <MdiIcon path={chosenPath} boxSize="6" /> : null}
          </Circle>
          <Text fontSize="sm" color={value ? 'fg' : 'fg.muted'}>
            {value ? iconLabel(value) : 'No icon chosen yet'}
          </Text>
        </HStack>
        <Input
          type="search"
          aria-label="Search icons"
          aria-describedby={statusId}
          placeholder="Search icons, e.g. fish, bread, coffee"
          autoComplete="off"
          bg="bg"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // Enter in the search box must not submit the whole form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <Text id={statusId} fontSize="xs" color="fg.muted" aria-live="polite">
          {failed ? 'The icons could not be loaded. Check the connection and reopen this form.' : status}
        </Text>
        {!set && !failed ? (
          <Grid templateColumns="repeat(8, 1fr)" gap="1">
            {Array.from({ length: 16 }, (_, i) => (
              <Skeleton key={i} aspectRatio="1" rounded="l2" />
            ))}
          </Grid>
        ) : (
          <Grid
            role="radiogroup"
            aria-label="Icons"
            templateColumns="repeat(8, 1fr)"
            gap="1"
            maxH="15rem"
            overflowY="auto"
            p="1"
          >
            {icons.map((icon) => (
              <Box
                as="label"
                key={icon.name}
                title={icon.label}
                display="flex"
                alignItems="center"
                justifyContent="center"
                aspectRatio="1"
                rounded="l2"
                cursor="pointer"
                borderWidth="1px"
                borderColor={icon.name === value ? 'colorPalette.solid' : 'transparent'}
                bg={icon.name === value ? 'colorPalette.subtle' : undefined}
                color={icon.name === value ? 'colorPalette.fg' : 'fg'}
                _hover={{ bg: 'bg.muted' }}
                css={{
                  '&:has(input:focus-visible)': {
                    outline: '2px solid',
                    outlineColor: 'colorPalette.focusRing',
                  },
                }}
              >
                <VisuallyHidden asChild>
                  <input
                    type="radio"
                    name={groupName}
                    value={icon.name}
                    aria-label={icon.label}
                    checked={icon.name === value}
                    onChange={() => onChange(icon.name)}
                  />
                </VisuallyHidden>
                <MdiIcon path={set?.paths[icon.name] ?? ''} boxSize="6" />
              </Box>
            ))}
          </Grid>
        )}
      </Stack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
