import { Alert, Box, Button, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { FileDropZone } from '@/components/file-drop-zone';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { useDownload } from '@/lib/download';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { mdiArrowLeft, mdiDownload, mdiFileUploadOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { CATALOGUE_CSV_COLUMNS } from '@contract/catalogue-csv';
import { Fragment, useEffect, useRef, useState } from 'react';
import { fetchImportTemplate, previewImport } from '../api/import-api';
import { useConfirmImport } from '../api/use-confirm-import';
import { CSV_ACCEPT, fileRefusal } from '../model/import-file';
import type { ImportPreview as Preview, ImportResult } from '@contract/admin-import';
import { resultLines } from '../model/import-words';
import { ImportPreview } from './import-preview';

type Step =
  | { kind: 'choose' }
  | { kind: 'refused'; fileName: string; message: string }
  | { kind: 'uploading'; fileName: string; progress: number }
  | { kind: 'preview'; preview: Preview }
  | { kind: 'done'; result: ImportResult };

export interface ImportProductsPageProps {
  adminId: string;
}

/**
 * `/admin/{adminId}/products/import`: choose a CSV, see what it would change and what is wrong with
 * it, then confirm. The server keeps nothing but the preview until the confirm, which it applies all
 * or nothing.
 */
export function ImportProductsPage({ adminId }: ImportProductsPageProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const upload = useRef<AbortController | null>(null);
  const confirm = useConfirmImport();
  useEffect(() => () => upload.current?.abort(), []);

  function reset() {
    upload.current?.abort();
    upload.current = null;
    confirm.reset();
    setStep({ kind: 'choose' });
  }

  function choose(file: File) {
    const refusal = fileRefusal(file);
    if (refusal) {
      setStep({ kind: 'refused', fileName: file.name, message: refusal });
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    confirm.reset();
    setStep({ kind: 'uploading', fileName: file.name, progress: 0 });
    previewImport(
      file,
      (progress) => {
        if (!controller.signal.aborted) setStep({ kind: 'uploading', fileName: file.name, progress });
      },
      controller.signal,
    )
      .then((preview) => {
        if (!controller.signal.aborted) setStep({ kind: 'preview', preview });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setStep({ kind: 'refused', fileName: file.name, message: errorMessage(error) });
      });
  }

  function apply(preview: Preview, createMissing: boolean) {
    if (!preview.importId) return;
    confirm.mutate(
      { importId: preview.importId, createMissing },
      {
        onSuccess: (result) => {
          setStep({ kind: 'done', result });
          notify.success(`${preview.fileName} imported.`);
        },
      },
    );
  }

  return (
    <PageFrame
      title="Import products"
      description="Add and update many products at once from a spreadsheet saved as CSV. Nothing changes until you confirm the preview."
    >
      <Box>
        <Button asChild variant="ghost" size="sm" ms="-2">
          <Link to="/admin/$adminId/products" params={{ adminId }}>
            <MdiIcon path={mdiArrowLeft} />
            Manage products
          </Link>
        </Button>
      </Box>
      {step.kind === 'choose' || step.kind === 'refused' ? <Columns /> : null}

      {step.kind === 'choose' ? (
        <FileDropZone
          icon={mdiFileUploadOutline}
          title="Drop a CSV file here or choose one"
          hint="UTF-8, comma or semicolon separated, up to 10 MB and 20,000 rows."
          accept={CSV_ACCEPT}
          inputLabel="CSV file"
          onFiles={([file]) => {
            if (file) choose(file);
          }}
        />
      ) : null}

      {step.kind === 'refused' ? (
        <Stack gap="3" align="start">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{step.fileName} cannot be imported</Alert.Title>
              <Alert.Description>{step.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button variant="outline" onClick={reset}>
            Choose another file
          </Button>
        </Stack>
      ) : null}

      {step.kind === 'uploading' ? (
        <Stack gap="3" align="start">
          <Progress.Root
            value={step.progress < 1 ? Math.round(step.progress * 100) : null}
            colorPalette="primary"
            size="sm"
            width="full"
          >
            <HStack justify="space-between">
              <Progress.Label fontSize="sm">
                {step.progress < 1 ? `Uploading ${step.fileName}` : `Checking ${step.fileName}…`}
              </Progress.Label>
              {step.progress < 1 ? <Progress.ValueText fontSize="xs" /> : null}
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Button variant="outline" size="sm" onClick={reset}>
            Cancel
          </Button>
        </Stack>
      ) : null}

      {step.kind === 'preview' ? (
        <ImportPreview
          key={step.preview.importId ?? step.preview.fileName}
          preview={step.preview}
          applying={confirm.isPending}
          error={confirm.error}
          onConfirm={(createMissing) => apply(step.preview, createMissing)}
          onReset={reset}
        />
      ) : null}

      {step.kind === 'done' ? <Done adminId={adminId} result={step.result} onAgain={reset} /> : null}
    </PageFrame>
  );
}

/** The columns in a few words (README.md has each one in full) and the template to start from. */
function Columns() {
  const template = useDownload(
    fetchImportTemplate,
    'The template could not be downloaded. Please try again.',
    false,
  );
  return (
    <Stack gap="2" as="section" aria-labelledby="import-columns">
      <Heading as="h2" size="md" id="import-columns">
        The file
      </Heading>
      <Text>
        One row per variant, with a header row naming the columns{' '}
        {CATALOGUE_CSV_COLUMNS.map((column, i) => (
          <Fragment key={column}>
            {i === 0 ? '' : i === CATALOGUE_CSV_COLUMNS.length - 1 ? ' and ' : ', '}
            <Text as="span" fontFamily="mono" fontSize="sm">
              {column}
            </Text>
          </Fragment>
        ))}
        .
      </Text>
      <Box as="ul" ps="5" fontSize="sm" color="fg.muted" listStyleType="disc">
        <li>
          Rows with the same pid are one product; leave pid empty for a new product and the shop gives it a
          code.
        </li>
        <li>Price in whole shillings (digits only), stock in whole units.</li>
        <li>Several categories or attributes are separated by |, an attribute written as Name: value.</li>
        <li>Available and visible take yes or no; empty means yes.</li>
        <li>
          pid, name, variant, price and stock are required; a column left out leaves that field as it is.
        </li>
      </Box>
      <Box>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void template.download()}
          loading={template.downloading}
        >
          <MdiIcon path={mdiDownload} />
          Download the template
        </Button>
      </Box>
    </Stack>
  );
}

function Done({ adminId, result, onAgain }: { adminId: string; result: ImportResult; onAgain: () => void }) {
  return (
    <Stack gap="4" align="start">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Import complete</Alert.Title>
          <Alert.Description>
            {resultLines(result).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="primary">
          <Link to="/admin/$adminId/products" params={{ adminId }}>
            Back to products
          </Link>
        </Button>
        <Button variant="outline" onClick={onAgain}>
          Import another file
        </Button>
      </HStack>
    </Stack>
  );
}
