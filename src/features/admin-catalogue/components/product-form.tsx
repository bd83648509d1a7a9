import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { attributeQueries } from '@/features/admin-taxonomy';
import { categoryQueries } from '@/features/catalogue';
import { isApiError } from '@/lib/api-client';
import { errorMessage, fieldIssues } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { PRODUCT_DESCRIPTION_MAX, type AdminProduct, type ProductInput } from '@contract/admin';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useReducer, useRef, useState, type ReactNode } from 'react';
import { patchImage } from '../api/admin-catalogue-api';
import {
  draftFromProduct,
  emptyDraft,
  isDraftDirty,
  productDraftReducer,
  validateDraft,
  type FieldErrors,
  type ProductDraft,
} from '../model/product-draft';
import { ImageManager } from './image-manager';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { VariantsEditor, type VariantStock } from './variants-editor';

// ProseMirror is the heaviest part of the back office: it loads when a form opens.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export interface ProductFormProps {
  /** The product being edited; none for a new one. */
  product?: AdminProduct;
  submitLabel: string;
  /** Saves the body; the form maps a 400's issues under its fields and shows other errors. */
  onSubmit: (input: ProductInput) => Promise<unknown>;
  /** After a successful save (the guard is off by then). */
  onSaved: () => void;
  /** Shown above the form, e.g. the 409 notice with its Reload action. */
  notice?: ReactNode;
  /** An existing product's stock: its variants' levels now, adjusted and explained in dialogs. */
  stock?: VariantStock;
}

/**
 * The product form, shared by create and edit (fields change one at a time, coerced:
 * docs/behaviour.md#back-office-forms).
 */
export function ProductForm({ product, submitLabel, onSubmit, onSaved, notice, stock }: ProductFormProps) {
  const [initial, setInitial] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : emptyDraft()));
  const [draft, dispatch] = useReducer(productDraftReducer, initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [pendingUploads, setPendingUploads] = useState(0);
  const leaving = useRef(false);
  // Alt texts the server has for images uploaded or patched here (the product's own come with it).
  const serverAlt = useRef(new Map<string, string>());
  const categories = useQuery(categoryQueries.list());
  const attributes = useQuery(attributeQueries.list(true));

  // A reload after a conflict hands in a newer product: start again from it.
  const [shownVersion, setShownVersion] = useState(product?.version);
  if (product && product.version !== shownVersion) {
    const fresh = draftFromProduct(product);
    setShownVersion(product.version);
    setInitial(fresh);
    dispatch({ type: 'reset', draft: fresh });
    setErrors({});
  }

  const isDirty = isDraftDirty(draft, initial);
  const shouldBlock = useCallback(() => isDirty && !leaving.current, [isDirty]);
  const onPendingChange = useCallback((n: number) => setPendingUploads(n), []);
  const onUploaded = useCallback((image: { imageId: string; altText: string }) => {
    serverAlt.current.set(image.imageId, image.altText);
  }, []);

  /** Sends the alt texts the admin changed on images the server already has. */
  const saveAltTexts = async () => {
    const known = (id: string) => serverAlt.current.get(id) ?? product?.images.find((i) => i.imageId === id)?.altText;
    const changed = draft.images.filter((i) => known(i.imageId) !== undefined && known(i.imageId) !== i.altText);
    await Promise.all(changed.map((i) => patchImage(i.imageId, { altText: i.altText.trim() })));
    for (const i of changed) serverAlt.current.set(i.imageId, i.altText);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateDraft(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      notify.error('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveAltTexts();
      await onSubmit(result.input);
      leaving.current = true;
      onSaved();
    } catch (error) {
      const issues = fieldIssues(error);
      if (Object.keys(issues).length) setErrors(issues);
      // A conflict shows as the notice with its Reload action; everything else as a toast.
      if (!(isApiError(error) && error.status === 409)) notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const err = (path: string) => errors[path];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Product">
      <UnsavedChangesGuard when={shouldBlock} />
      <Stack gap="6">
        {notice}
        <Section title="Details">
          <Field.Root invalid={Boolean(err('name'))} required>
            <Field.Label>Name</Field.Label>
            <Input value={draft.name} onChange={(e) => dispatch({ type: 'field', field: 'name', value: e.target.value })} />
            <Field.ErrorText>{err('name')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(err('description'))}>
            <Field.Label>Description</Field.Label>
            <Textarea
              rows={3}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              value={draft.description}
              onChange={(e) => dispatch({ type: 'field', field: 'description', value: e.target.value })}
            />
            <Field.ErrorText>{err('description')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(err('recipeTips'))}>
            <Field.Label id="recipe-tips-label">Recipe tips</Field.Label>
            <Suspense fallback={<Skeleton height="40" rounded="l2" />}>
              <RichTextEditor
                label="Recipe tips"
                value={draft.recipeTips}
                invalid={Boolean(err('recipeTips'))}
                onChange={(html) => dispatch({ type: 'field', field: 'recipeTips', value: html })}
              />
            </Suspense>
            <Field.ErrorText>{err('recipeTips')}</Field.ErrorText>
          </Field.Root>
          <Switch.Root
            checked={!draft.hidden}
            onCheckedChange={(e) => dispatch({ type: 'field', field: 'hidden', value: !e.checked })}
            colorPalette="primary"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Visible in the shop</Switch.Label>
          </Switch.Root>
        </Section>

        <Section title="Categories">
          {/* A fieldset, not a Field: a Field hands its one control id and label id to every
              checkbox in it, so all would be named (and toggled) as the first. */}
          <Fieldset.Root invalid={Boolean(err('categoryIds'))}>
            <Checkbox.Group
              aria-label="Categories"
              value={draft.categoryIds}
              onValueChange={(categoryIds) => dispatch({ type: 'setCategories', categoryIds })}
            >
              <Wrap gap="3">
                {categories.data?.rows.map((c) => (
                  <Checkbox.Root key={c.categoryId} value={c.categoryId} colorPalette="primary">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{c.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Wrap>
            </Checkbox.Group>
            <Fieldset.ErrorText>{err('categoryIds')}</Fieldset.ErrorText>
          </Fieldset.Root>
        </Section>

        <Section title="Images">
          <ImageManager
            images={draft.images}
            dispatch={dispatch}
            onPendingChange={onPendingChange}
            onUploaded={onUploaded}
            error={err('imageIds')}
          />
        </Section>

        <Section title="Variants">
          <VariantsEditor
            variants={draft.variants}
            archived={draft.archivedVariants}
            attributes={attributes.data?.rows ?? []}
            errors={errors}
            dispatch={dispatch}
            stock={stock}
          />
        </Section>

        <HStack justify="end" position="sticky" bottom="0" bg="bg.subtle" py="3" borderTopWidth="1px">
          <Button
            type="submit"
            colorPalette="primary"
            size="lg"
            loading={saving || pendingUploads > 0}
            loadingText={pendingUploads > 0 ? 'Waiting for uploads…' : 'Saving…'}
          >
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}

/** The 409 notice: another admin saved first; Reload starts the form again from their version. */
export function ConflictNotice({ message, onReload, reloading }: { message: string; onReload: () => void; reloading: boolean }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Someone else saved this product</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onReload} loading={reloading} alignSelf="center">
        Reload
      </Button>
    </Alert.Root>
  );
}
