import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Heading,
  HStack,
  Progress,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { errorMessage } from '@/lib/errors';
import { useId, useState } from 'react';
import type { ImportPreview as Preview } from '@contract/admin-import';
import { confirmBlocker, count, hasMissing, productsToImport } from '../model/import-words';

/** The ring of a table that scrolls on its own, when the keyboard is on it. */
const FOCUS = { outline: '2px solid', outlineColor: 'primary.focusRing', outlineOffset: '2px' };

export interface ImportPreviewProps {
  preview: Preview;
  onConfirm: (createMissing: boolean) => void;
  /** True while the confirmed import is being applied. */
  applying: boolean;
  /** A refused confirm (the catalogue changed since the preview, the preview expired…). */
  error: unknown;
  onReset: () => void;
}

/** The preview of an uploaded file: what a confirm would change and what is wrong, then Confirm. */
export function ImportPreview({ preview, onConfirm, applying, error, onReset }: ImportPreviewProps) {
  const [createMissing, setCreateMissing] = useState(false);
  const blocker = confirmBlocker(preview, createMissing);
  const whyId = useId();
  const n = productsToImport(preview);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Preview of {preview.fileName}
        </Heading>
        <Text color="fg.muted">
          {count(preview.rows, 'row')} read. Nothing has changed yet: check the preview, then confirm.
        </Text>
      </Stack>

      <Summary preview={preview} />
      {preview.problemCount > 0 ? <Problems preview={preview} /> : null}
      {hasMissing(preview) ? (
        <Missing preview={preview} checked={createMissing} onChange={setCreateMissing} disabled={applying} />
      ) : null}
      {preview.changes.length ? <Changes preview={preview} /> : null}

      {applying ? (
        <Progress.Root value={null} colorPalette="primary" size="sm">
          <Progress.Label fontSize="sm" mb="1">
            Applying {count(preview.rows, 'row')}…
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {error && !applying ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The import was not applied</Alert.Title>
            <Alert.Description>{errorMessage(error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Button
            colorPalette="primary"
            disabled={blocker !== null || applying}
            loading={applying}
            loadingText="Importing…"
            aria-describedby={blocker ? whyId : undefined}
            onClick={() => onConfirm(createMissing)}
          >
            Import {count(n, 'product')}
          </Button>
          <Button variant="outline" disabled={applying} onClick={onReset}>
            Choose another file
          </Button>
        </HStack>
        {blocker ? (
          <Text id={whyId} fontSize="sm" color="fg.muted">
            {blocker}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

function Summary({ preview }: { preview: Preview }) {
  const line = (label: string, c: Preview['products']) => (
    <Table.Row>
      <Table.Cell as="th" scope="row" fontWeight="medium">
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end">{c.create.toLocaleString('en-KE')}</Table.Cell>
      <Table.Cell textAlign="end">{c.update.toLocaleString('en-KE')}</Table.Cell>
      <Table.Cell textAlign="end">{c.unchanged.toLocaleString('en-KE')}</Table.Cell>
    </Table.Row>
  );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" maxW="xl">
      <Table.Root size="sm" aria-label="What the import changes">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Box srOnly>Kind</Box>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">To create</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">To update</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Unchanged</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {line('Products', preview.products)}
          {line('Variants', preview.variants)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Problems({ preview }: { preview: Preview }) {
  const blocking = preview.problems.filter((p) => p.blocking).length;
  return (
    <Stack gap="2" as="section" aria-labelledby="import-problems">
      <Heading as="h3" size="md" id="import-problems">
        Problems
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {count(preview.problemCount, 'problem')}
        {blocking
          ? `, ${blocking.toLocaleString('en-KE')} blocking the import`
          : ', none blocking the import'}
        {preview.problems.length < preview.problemCount
          ? ` (the first ${preview.problems.length.toLocaleString('en-KE')} are listed)`
          : ''}
        .
      </Text>
      {/* Scrolls on its own: the keyboard reaches it too. */}
      <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="md" tabIndex={0} _focusVisible={FOCUS}>
        <Table.Root size="sm" stickyHeader aria-label="Problems">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Row</Table.ColumnHeader>
              <Table.ColumnHeader w="32">Column</Table.ColumnHeader>
              <Table.ColumnHeader>Problem</Table.ColumnHeader>
              <Table.ColumnHeader w="28">
                <Box srOnly>Severity</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.problems.map((p, i) => (
              <Table.Row key={i}>
                <Table.Cell>{p.row ?? '—'}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {p.column ?? '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" minW="xs">
                  {p.message}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={p.blocking ? 'red' : 'orange'} variant="subtle" size="sm">
                    {p.blocking ? 'Blocking' : 'Warning'}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

function Missing({
  preview,
  checked,
  onChange,
  disabled,
}: {
  preview: Preview;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const { categories, attributeValues } = preview.missing;
  return (
    <Card.Root as="section" aria-labelledby="import-missing" size="sm" variant="outline">
      <Card.Body gap="3">
        <Heading as="h3" size="md" id="import-missing">
          Not in the shop yet
        </Heading>
        {categories.length ? (
          <Text>
            <Text as="span" fontWeight="medium">
              {categories.length === 1 ? 'Category' : 'Categories'}:
            </Text>{' '}
            {categories.join(', ')}
          </Text>
        ) : null}
        {attributeValues.length ? (
          <Text>
            <Text as="span" fontWeight="medium">
              {attributeValues.length === 1 ? 'Attribute value' : 'Attribute values'}:
            </Text>{' '}
            {attributeValues.map((a) => `${a.attribute}: ${a.value}`).join(', ')}
          </Text>
        ) : null}
        <Checkbox.Root
          checked={checked}
          disabled={disabled}
          onCheckedChange={(e) => onChange(e.checked === true)}
          colorPalette="primary"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Create these when importing</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted">
          Or fix a misspelt name in the file and choose it again.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Changes({ preview }: { preview: Preview }) {
  const total = preview.variants.create + preview.variants.update;
  return (
    <Stack gap="2" as="section" aria-labelledby="import-changes">
      <Heading as="h3" size="md" id="import-changes">
        Changes
      </Heading>
      {preview.changes.length < total ? (
        <Text fontSize="sm" color="fg.muted">
          The first {preview.changes.length.toLocaleString('en-KE')} of {count(total, 'changed variant')}.
        </Text>
      ) : null}
      {/* Scrolls on its own: the keyboard reaches it too. */}
      <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="md" tabIndex={0} _focusVisible={FOCUS}>
        <Table.Root size="sm" stickyHeader aria-label="Changes">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Row</Table.ColumnHeader>
              <Table.ColumnHeader>PID</Table.ColumnHeader>
              <Table.ColumnHeader>Product</Table.ColumnHeader>
              <Table.ColumnHeader>Variant</Table.ColumnHeader>
              <Table.ColumnHeader>Change</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.changes.map((c) => (
              <Table.Row key={c.row}>
                <Table.Cell>{c.row}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" color={c.pid ? undefined : 'fg.muted'}>
                  {c.pid || 'new'}
                </Table.Cell>
                <Table.Cell whiteSpace="normal">{c.name}</Table.Cell>
                <Table.Cell>{c.variant}</Table.Cell>
                <Table.Cell whiteSpace="normal" minW="48">
                  {c.action === 'create' ? (
                    <Badge colorPalette="green" variant="subtle" size="sm">
                      New
                    </Badge>
                  ) : (
                    <Text fontSize="sm">{c.fields.join('; ')}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
