import { Box, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiFileUploadOutline } from '@mdi/js';
import { useState } from 'react';
import { CSV_ACCEPT } from '../model/import-file';

export interface CsvDropZoneProps {
  onFile: (file: File) => void;
}

/**
 * Where the admin picks the CSV: a file input (keyboard and screen readers reach it as "CSV file"),
 * inside a label that also takes a dropped file.
 */
export function CsvDropZone({ onFile }: CsvDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      as="label"
      display="block"
      position="relative"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'primary.solid' : 'border'}
      bg={dragging ? 'primary.subtle' : 'bg'}
      rounded="l2"
      p="8"
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
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <Stack align="center" gap="1">
        <MdiIcon path={mdiFileUploadOutline} boxSize="8" color="primary.solid" />
        <Text fontWeight="medium">Drop a CSV file here or choose one</Text>
        <Text fontSize="sm" color="fg.muted">
          UTF-8, comma or semicolon separated, up to 10 MB and 20,000 rows.
        </Text>
      </Stack>
      <input
        type="file"
        accept={CSV_ACCEPT}
        aria-label="CSV file"
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          opacity: 0,
          cursor: 'pointer',
        }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
