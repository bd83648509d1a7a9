import { Button, Card, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { isApiError } from '@/lib/api-client';
import { useErrorToast } from '@/lib/use-error-toast';
import { mdiArrowLeft } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';

/** A record page's words, its query, and how to show the record. */
export interface RecordPageProps<T> {
  adminId: string;
  /** The list the back link returns to, and its words: "All orders". */
  list: 'orders' | 'customers';
  /** What the record is ("Order"): the heading while it loads, "Order not found", the toast's id. */
  noun: string;
  /** The record's query: the page shows once `data` is there. */
  query: { data: T | undefined; error: unknown };
  /** The not-found panel (an @mdi/js icon); `muted` greys the icon. */
  missing: { icon: string; tone?: 'muted'; description: string };
  title(record: T): string;
  description(record: T): ReactNode;
  /** The page under its back link. */
  children(record: T): ReactNode;
}

/** A back-office page of one order or customer: its heading, a back link, and the record once loaded. */
export function RecordPage<T>({ adminId, list, noun, query, missing, ...page }: RecordPageProps<T>) {
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  useErrorToast(notFound ? null : query.error, `admin-${noun.toLowerCase()}-error`);
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="start">
      <Link to={`/admin/$adminId/${list}` as const} params={{ adminId }}>
        <MdiIcon path={mdiArrowLeft} />
        {`All ${list}`}
      </Link>
    </Button>
  );

  if (!query.data) {
    return (
      <PageFrame title={noun}>
        {back}
        {notFound ? (
          <EmptyPanel {...missing} title={`${noun} not found`} />
        ) : (
          <Stack gap="3" aria-busy="true" aria-label={`Loading the ${noun.toLowerCase()}`}>
            <Skeleton height="24" rounded="l2" />
            <Skeleton height="48" rounded="l2" />
          </Stack>
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={page.title(query.data)} description={page.description(query.data)}>
      <Stack gap="5">
        {back}
        {page.children(query.data)}
      </Stack>
    </PageFrame>
  );
}

/** A titled card of a record page, named by its heading. */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm" minW="0">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
