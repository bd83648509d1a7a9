import { Button, Stack } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useIsSignedIn } from '@/features/session';
import { menuItemsFor, useMenus } from '@/features/ui';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The shopper menu's entries in the catalogue, by path; an entry not listed shows its configured name. */
const NAV_KEYS = {
  '/': 'nav.home',
  '/account/orders': 'nav.orders',
  '/saved-items': 'nav.savedItems',
  '/more': 'nav.more',
} as const;
const navKey = (path: string) => (path in NAV_KEYS ? NAV_KEYS[path as keyof typeof NAV_KEYS] : undefined);

/**
 * The enabled menu items (docs/behaviour.md#header-footer-and-menu), as a row in the header or a column in
 * the mobile drawer.
 */
export function NavLinks({
  direction = 'row',
  onNavigate,
}: {
  direction?: 'row' | 'column';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const items = menuItemsFor(useMenus(), signedIn).filter((item) => item.enabled);
  const column = direction === 'column';
  const nameOf = (item: { path: string; name: string }) => {
    const key = navKey(item.path);
    return key ? t(key) : item.name;
  };
  return (
    <Stack
      as="ul"
      direction={direction}
      gap={column ? '1' : '1'}
      listStyleType="none"
      m="0"
      p="0"
      align={column ? 'stretch' : 'center'}
    >
      {items.map((item) => (
        <li key={item.path}>
          <Button
            asChild
            variant="ghost"
            colorPalette="support"
            size={column ? 'lg' : 'md'}
            w={column ? 'full' : undefined}
            justifyContent={column ? 'flex-start' : 'center'}
            fontWeight="medium"
            color="fg.muted"
            css={{
              '&[data-status=active]': { color: 'primary.fg', bg: 'primary.subtle' },
            }}
          >
            <Link to={item.path} activeOptions={{ exact: item.path === '/' }} onClick={onNavigate}>
              <MdiIcon path={item.icon} />
              {nameOf(item)}
            </Link>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
