import {
  Box,
  Button,
  Card,
  Field,
  HStack,
  IconButton,
  Image,
  Input,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileDropZone } from '@/components/file-drop-zone';
import { MdiIcon } from '@/components/mdi-icon';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { PRODUCT_IMAGES_MAX, UPLOAD_BYTES_MAX, UPLOAD_TYPES } from '@contract/admin';
import type { Image as ProductImage } from '@contract/catalogue';
import { mdiArrowDown, mdiArrowUp, mdiDeleteOutline, mdiImagePlus, mdiSwapHorizontal } from '@mdi/js';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { uploadImage } from '../api/admin-catalogue-api';
import type { DraftAction } from '../model/product-draft';

interface Upload {
  key: string;
  name: string;
  progress: number;
  /** The image this file replaces, if any. */
  replaces?: string;
}

export interface ImageManagerProps {
  images: ProductImage[];
  dispatch: Dispatch<DraftAction>;
  /** How many files are still uploading (the form waits for them before it saves). */
  onPendingChange: (pending: number) => void;
  /** Each stored image, with the alt text the server keeps for it. */
  onUploaded: (image: ProductImage) => void;
  error?: string;
}

const ACCEPT = UPLOAD_TYPES.join(',');

/** "mango-ripe_2.jpg" → "mango ripe 2": a first alt text the admin can improve. */
const altFromFileName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/** Why a file is refused before any request, or null. */
function refusal(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type))
    return 'Only JPEG, PNG and WebP images are accepted.';
  if (file.size > UPLOAD_BYTES_MAX) return 'The file is larger than 10 MB.';
  return null;
}

let uploadSequence = 0;

/**
 * The product's pictures: pick or drop files (each uploads as its own request with a progress bar),
 * then order them (the first is the card image), replace, remove, and describe each.
 */
export function ImageManager({ images, dispatch, onPendingChange, onUploaded, error }: ImageManagerProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const replaceRef = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<string | null>(null);

  useEffect(() => onPendingChange(uploads.length), [uploads.length, onPendingChange]);

  const start = (file: File, replaces?: string) => {
    const reason = refusal(file);
    if (reason) {
      notify.error(`Error uploading ${file.name}`, { description: reason });
      return;
    }
    const key = `u${(uploadSequence += 1)}`;
    setUploads((list) => [...list, { key, name: file.name, progress: 0, replaces }]);
    const setProgress = (progress: number) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u)));
    uploadImage(file, altFromFileName(file.name), setProgress)
      .then((image) => {
        onUploaded(image);
        dispatch(
          replaces
            ? { type: 'replaceImage', imageId: replaces, image }
            : { type: 'addImages', images: [image] },
        );
        notify.success(`${file.name} uploaded successfully`);
      })
      .catch((err: unknown) =>
        notify.error(`Error uploading ${file.name}`, { description: errorMessage(err) }),
      )
      .finally(() => setUploads((list) => list.filter((u) => u.key !== key)));
  };

  const addFiles = (list: File[]) => {
    const room = PRODUCT_IMAGES_MAX - images.length - uploads.length;
    list.slice(0, Math.max(0, room)).forEach((f) => start(f));
    if (list.length > room)
      notify.error(`A product has at most ${PRODUCT_IMAGES_MAX} images`, {
        description: `${list.length - Math.max(0, room)} file(s) were not uploaded.`,
      });
  };

  return (
    <Stack gap="4">
      <FileDropZone
        icon={mdiImagePlus}
        title="Drop photos here or choose files"
        hint="JPEG, PNG or WebP, up to 10 MB each. The first image is the card image."
        accept={ACCEPT}
        multiple
        inputLabel="Add images"
        invalid={Boolean(error)}
        onFiles={addFiles}
      />
      <input
        ref={replaceRef}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label="Replacement image"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file && replacing) start(file, replacing);
          setReplacing(null);
          e.target.value = '';
        }}
      />
      {error ? (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}

      {uploads.length ? (
        <Stack as="ul" aria-label="Uploads" gap="2">
          {uploads.map((u) => (
            <Box as="li" key={u.key} listStyleType="none">
              <Progress.Root value={Math.round(u.progress * 100)} size="sm" colorPalette="primary">
                <HStack justify="space-between">
                  <Progress.Label fontSize="sm">Uploading {u.name}</Progress.Label>
                  <Progress.ValueText fontSize="xs" />
                </HStack>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
          ))}
        </Stack>
      ) : null}

      {images.length ? (
        <SimpleGrid as="ol" aria-label="Product images" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {images.map((image, index) => {
            const label = `image ${index + 1}`;
            return (
              <Card.Root as="li" key={image.imageId} size="sm" listStyleType="none">
                <Image
                  src={image.urls.thumb}
                  alt={image.altText}
                  aspectRatio={4 / 3}
                  objectFit="cover"
                  roundedTop="l2"
                />
                <Card.Body gap="2">
                  {index === 0 ? (
                    <Text fontSize="xs" color="secondary.fg" fontWeight="semibold">
                      Card image
                    </Text>
                  ) : null}
                  <Field.Root>
                    <Field.Label fontSize="sm">Alt text for {label}</Field.Label>
                    <Input
                      size="sm"
                      value={image.altText}
                      maxLength={250}
                      onChange={(e) =>
                        dispatch({ type: 'setAltText', imageId: image.imageId, altText: e.target.value })
                      }
                    />
                  </Field.Root>
                  <HStack gap="1" justify="space-between">
                    <HStack gap="1">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`Move ${label} earlier`}
                        disabled={index === 0}
                        onClick={() => dispatch({ type: 'moveImage', index, by: -1 })}
                      >
                        <MdiIcon path={mdiArrowUp} />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`Move ${label} later`}
                        disabled={index === images.length - 1}
                        onClick={() => dispatch({ type: 'moveImage', index, by: 1 })}
                      >
                        <MdiIcon path={mdiArrowDown} />
                      </IconButton>
                    </HStack>
                    <HStack gap="1">
                      <Button
                        size="xs"
                        variant="ghost"
                        aria-label={`Replace ${label}`}
                        onClick={() => {
                          setReplacing(image.imageId);
                          replaceRef.current?.click();
                        }}
                      >
                        <MdiIcon path={mdiSwapHorizontal} />
                        Replace
                      </Button>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Remove ${label}`}
                        onClick={() => dispatch({ type: 'removeImage', imageId: image.imageId })}
                      >
                        <MdiIcon path={mdiDeleteOutline} />
                      </IconButton>
                    </HStack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
