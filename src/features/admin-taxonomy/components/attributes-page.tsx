import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Tag,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { PageFrame } from '@/components/layout/page-frame';
import { isApiError } from '@/lib/api-client';
import { fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useErrorToast } from '@/lib/use-error-toast';
import type { AdminAttribute } from '@contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isAbortError } from '../api/abort';
import { useAttributeActions, type ChangeOptions } from '../api/attribute-actions';
import { attributeQueries } from '../api/attribute-queries';
import { AttributeForm } from './attribute-form';
import { ConfirmDialog } from './confirm-dialog';

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

interface Question {
  title: string;
  message: string;
  confirmLabel: string;
  run(): Promise<unknown>;
}

/**
 * Runs a change and says how it went. A 409 `in_use` (products use what it removes) becomes a
 * question with the server's count; confirming repeats the change with `force`. A change a newer one
 * cancelled says nothing.
 */
function useChangeRunner() {
  const [question, setQuestion] = useState<Question | null>(null);

  async function run(
    change: (options: ChangeOptions) => Promise<unknown>,
    texts: {
      done: string;
      title: string;
      confirmLabel: string;
      onDone?: () => void;
      onError?: (error: unknown) => void;
    },
  ): Promise<boolean> {
    const attempt = async (options: ChangeOptions, onError: (error: unknown) => void) => {
      try {
        await change(options);
        notify.success(texts.done);
        texts.onDone?.();
        return true;
      } catch (error) {
        if (isAbortError(error)) return false;
        if (!options.force && isApiError(error) && error.status === 409 && error.code === 'in_use') {
          setQuestion({
            title: texts.title,
            confirmLabel: texts.confirmLabel,
            message: error.message,
            run: () => attempt({ force: true }, toastError),
          });
        } else onError(error);
        return false;
      }
    };
    return attempt({}, texts.onError ?? toastError);
  }

  const dialog = question ? (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirmLabel}
      onConfirm={question.run}
      onClose={() => setQuestion(null)}
    >
      <Text>{question.message}</Text>
    </ConfirmDialog>
  ) : null;
  return { run, dialog };
}

function AttributeCard({ attribute }: { attribute: AdminAttribute }) {
  const actions = useAttributeActions();
  const { run, dialog } = useChangeRunner();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = `attribute-${attribute.attributeId}`;

  return (
    <Card.Root as="li" aria-labelledby={headingId} variant="outline">
      <Card.Body gap="4">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="md" id={headingId}>
              {attribute.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {attribute.values.length} {attribute.values.length === 1 ? 'value' : 'values'} · used by{' '}
              {products(attribute.productCount)}
            </Text>
          </Stack>
          {!editing ? (
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </HStack>
          ) : null}
        </Flex>
        {editing ? (
          <AttributeForm
            initial={{ name: attribute.name, values: attribute.values }}
            submitLabel="Save attribute"
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              let found: ReturnType<typeof problems>;
              await run((o) => actions.update({ attributeId: attribute.attributeId, ...input }, o), {
                done: `Attribute "${input.name}" saved.`,
                title: 'Remove values that products use?',
                confirmLabel: 'Save anyway',
                onDone: () => setEditing(false),
                onError: (error) => {
                  found = problems(error);
                },
              });
              return found;
            }}
          />
        ) : attribute.values.length ? (
          <Flex as="ul" aria-label={`Values of ${attribute.name}`} wrap="wrap" gap="2" listStyleType="none">
            {attribute.values.map((value) => {
              const used = attribute.valueCounts[value] ?? 0;
              return (
                <Tag.Root as="li" key={value} size="lg" variant="subtle" colorPalette="secondary">
                  <Tag.Label>
                    {value}
                    <Badge
                      ms="2"
                      size="xs"
                      variant="solid"
                      colorPalette={used ? 'secondary' : 'gray'}
                      title={`Used by ${products(used)}`}
                    >
                      {used}
                      <VisuallyHidden> {used === 1 ? 'product' : 'products'}</VisuallyHidden>
                    </Badge>
                  </Tag.Label>
                  <Tag.EndElement>
                    <CloseButton
                      size="2xs"
                      aria-label={`Delete value ${value}`}
                      onClick={() =>
                        void run((o) => actions.removeValue(attribute.attributeId, value, o), {
                          done: `Value "${value}" deleted from ${attribute.name}.`,
                          title: `Delete "${value}"?`,
                          confirmLabel: 'Delete value',
                        })
                      }
                    />
                  </Tag.EndElement>
                </Tag.Root>
              );
            })}
          </Flex>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No values yet. Edit the attribute to add some.
          </Text>
        )}
      </Card.Body>
      {confirmDelete ? (
        <ConfirmDialog
          title={`Delete "${attribute.name}"?`}
          confirmLabel="Delete attribute"
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            run((o) => actions.remove(attribute.attributeId, o), {
              done: `Attribute "${attribute.name}" deleted.`,
              title: `"${attribute.name}" is in use`,
              confirmLabel: 'Delete anyway',
            })
          }
        >
          <Text>
            {attribute.name} and its {attribute.values.length} values will be gone for good.
          </Text>
        </ConfirmDialog>
      ) : null}
      {dialog}
    </Card.Root>
  );
}

/** What a failed save shows under the fields: a 409 (name in use) under the name, a 400's issues. */
function problems(error: unknown) {
  if (isApiError(error) && error.status === 409) return { name: error.message };
  const issues = fieldIssues(error);
  if (Object.keys(issues).length) return { name: issues.name, values: issues.values };
  toastError(error);
}

/** The back office's attributes: each with its values and how many products use them. */
export function AttributesPage() {
  const { data, isPending, error } = useQuery(attributeQueries.list(true));
  useErrorToast(error, 'admin-attributes-error');
  const actions = useAttributeActions();

  return (
    <PageFrame
      title="Attributes"
      description="What tells a product's variants apart: weight, volume, pack size, cut."
    >
      <Card.Root variant="elevated">
        <Card.Header>
          <Heading as="h2" size="md">
            New attribute
          </Heading>
        </Card.Header>
        <Card.Body>
          <AttributeForm
            submitLabel="Create attribute"
            onSubmit={async (input) => {
              try {
                await actions.create(input);
              } catch (error) {
                if (isAbortError(error)) return;
                return problems(error) ?? { name: undefined };
              }
            }}
          />
        </Card.Body>
      </Card.Root>
      {isPending ? (
        <Stack gap="3" role="status">
          <VisuallyHidden>Loading attributes…</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h="28" rounded="l3" />
          ))}
        </Stack>
      ) : !data ? (
        <Text color="fg.muted">We could not load the attributes.</Text>
      ) : data.rows.length === 0 ? (
        <Box p="6" borderWidth="1px" borderStyle="dashed" rounded="l3" textAlign="center" color="fg.muted">
          No attributes yet. Create one above, then give variants its values.
        </Box>
      ) : (
        <Stack as="ul" aria-label="Attributes" gap="3" listStyleType="none">
          {data.rows.map((attribute) => (
            <AttributeCard key={attribute.attributeId} attribute={attribute} />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}
