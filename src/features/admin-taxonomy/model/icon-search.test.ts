import { describe, expect, it } from 'vitest';
import { iconIndex, iconLabel, searchIcons } from './icon-search';

const index = iconIndex([
  'mdiFoodApple',
  'mdiApple',
  'mdiAppleIos',
  'mdiPineapple',
  'mdiFish',
  'mdiNumeric9Box',
  'default',
]);

describe('icon search', () => {
  it('reads export names as words and skips what is not an icon', () => {
    expect(iconLabel('mdiFoodApple')).toBe('food apple');
    expect(iconLabel('mdiNumeric9Box')).toBe('numeric 9 box');
    expect(index.map((e) => e.name)).not.toContain('default');
  });

  it('finds icons by any words of their name, the closest first', () => {
    expect(searchIcons(index, 'apple', 10).icons.map((e) => e.name)).toEqual([
      'mdiApple',
      'mdiAppleIos',
      'mdiFoodApple',
      'mdiPineapple',
    ]);
    expect(searchIcons(index, 'Apple food', 10).icons.map((e) => e.name)).toEqual(['mdiFoodApple']);
    expect(searchIcons(index, 'mdiFoodApple', 10).icons[0]?.name).toBe('mdiFoodApple');
  });

  it('caps what it answers but counts every match', () => {
    expect(searchIcons(index, 'apple', 2)).toMatchObject({
      total: 4,
      icons: [{ name: 'mdiApple' }, { name: 'mdiAppleIos' }],
    });
    expect(searchIcons(index, '  ', 10)).toEqual({ icons: [], total: 0 });
  });
});
