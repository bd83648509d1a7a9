import { Box, Fieldset, Flex, VisuallyHidden } from '@chakra-ui/react';
import { CATEGORY_COLORS } from '@contract/admin';
import { useId } from 'react';

const colourName = (palette: string) => palette.charAt(0).toUpperCase() + palette.slice(1);

export interface ColorSwatchesProps {
  value: string;
  onChange(palette: (typeof CATEGORY_COLORS)[number]): void;
  error?: string | null;
}

/** The theme palettes a category may wear (contract CATEGORY_COLORS), as a native radio group. */
export function ColorSwatches({ value, onChange, error }: ColorSwatchesProps) {
  const name = useId();
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Colour
      </Fieldset.Legend>
      <Flex wrap="wrap" gap="2" mt="2">
        {CATEGORY_COLORS.map((palette) => (
          <Box
            as="label"
            key={palette}
            title={colourName(palette)}
            colorPalette={palette}
            boxSize="9"
            rounded="full"
            bg="colorPalette.solid"
            cursor="pointer"
            borderWidth="3px"
            borderColor={value === palette ? 'fg' : 'bg'}
            shadow="sm"
            css={{
              '&:has(input:focus-visible)': {
                outline: '2px solid',
                outlineColor: 'colorPalette.focusRing',
                outlineOffset: '2px',
              },
            }}
          >
            <VisuallyHidden asChild>
              <input
                type="radio"
                name={name}
                value={palette}
                aria-label={colourName(palette)}
                checked={value === palette}
                onChange={() => onChange(palette)}
              />
            </VisuallyHidden>
          </Box>
        ))}
      </Flex>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
