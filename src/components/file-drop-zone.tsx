import { Box, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useState } from 'react';

export interface FileDropZoneProps {
  /** The icon's path data (`@mdi/js`). */
  icon: string;
  /** What to do, e.g. "Drop photos here or choose files". */
  title: string;
  /** The files it takes, in a sentence. */
  hint: string;
  /** The file input's `accept`. */
  accept: string;
  multiple?: boolean;
  /** The file input's name for keyboards and screen readers. */
  inputLabel: string;
  /** Draws the border in the error colour (the field's error is said beside it). */
  invalid?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A file picker that also takes dropped files: a file input (reached by keyboard and screen readers
 * by `inputLabel`) inside a label drawn as a dashed box, outlined when the input has the focus.
 */
export function FileDropZone({
  icon,
  title,
  hint,
  accept,
  multiple,
  inputLabel,
  invalid,
  onFiles,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      as="label"
      display="block"
      position="relative"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'primary.solid' : invalid ? 'border.error' : 'border'}
      bg={dragging ? 'primary.subtle' : 'bg'}
      rounded="l2"
      p="6"
      textAlign="center"
      cursor="pointer"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      colorPalette="primary"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      <Stack align="center" gap="1">
        <MdiIcon path={icon} boxSize="8" color="primary.solid" />
        <Text fontWeight="medium">{title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      </Stack>
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          onFiles(files);
        }}
      />
    </Box>
  );
}
