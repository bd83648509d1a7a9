import { Button, Stack } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useIsSignedIn } from '@/features/session';
import { menuItemsFor, useMenus } from '@/features/ui';
import { Link } from '@tanstack/react-router';

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
  const signedIn = useIsSignedIn();
  const items = menuItemsFor(useMenus(), signedIn).filter((item) => item.enabled);
  const column = direction === 'column';
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
              {item.name}
            </Link>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
