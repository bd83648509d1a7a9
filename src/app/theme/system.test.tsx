import { Button, ChakraProvider, Progress, RatingGroup } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeShopSystem, shopSystem } from './system';

const system = shopSystem();

describe('the theme', () => {
  it('carries the brand colours as palettes, with the shop’s breakpoints', () => {
    expect(system.token('colors.primary.500')).toBe('#ED1E79');
    expect(system.token('colors.secondary.500')).toBe('#2B5AA6');
    expect(system.token('colors.info.500')).toBe('#2196F3');
    expect(system.token('colors.warning.500')).toBe('#FB8C00');
    expect(system.token('colors.danger.500')).toBe('#FF5252');
    expect(system.token('colors.support.950')).toBe('#000000');
    for (const palette of ['primary', 'secondary', 'info', 'warning', 'danger', 'support']) {
      for (const role of ['solid', 'contrast', 'fg', 'muted', 'subtle', 'emphasized', 'focusRing']) {
        expect(system.token.var(`colors.${palette}.${role}`), `${palette}.${role}`).toMatch(
          /^var\(--chakra-colors-/,
        );
      }
    }
    // Chakra keeps breakpoints in rem (16 px each): 600, 960, 1280, 1920 and 2560 px.
    expect(system.breakpoints.values.map((b) => [b.name, b.min])).toEqual(
      expect.arrayContaining([
        ['sm', '37.5rem'],
        ['md', '60rem'],
        ['lg', '80rem'],
        ['xl', '120rem'],
        ['2xl', '160rem'],
      ]),
    );
  });

  it('is made once: ahead of the first render, in steps where the build allows, and then shared', async () => {
    const pause = vi.fn(() => Promise.resolve());
    // Chakra here is not the build's (scripts/vite-chakra.ts edits it into steps), so it is made at once.
    await expect(makeShopSystem(pause)).resolves.toBe(system);
    expect(pause).not.toHaveBeenCalled();
    expect(shopSystem()).toBe(system);
  });

  it('warns in development when a Chakra component has no registered recipe', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Let the lazy check install itself.
    await import('@chakra-ui/react/theme');
    await new Promise((r) => setTimeout(r, 0));
    render(
      <ChakraProvider value={system}>
        <Button colorPalette="primary">Add to Cart</Button>
        <Progress.Root value={40}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <RatingGroup.Root count={5} defaultValue={3}>
          <RatingGroup.HiddenInput />
        </RatingGroup.Root>
      </ChakraProvider>,
    );
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[theme] Chakra slot recipe "ratingGroup" is not registered; add it to src/app/theme/recipes.ts',
      ),
    );
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
