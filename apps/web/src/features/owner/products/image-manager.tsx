import { IMAGE_ACCEPT, IMAGE_ALT_MAX, imageSources } from '@makhana/domain/images';
import { MESSAGES } from '@makhana/domain/validation';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError } from '../../../components/form-field';
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon } from '../../../components/icons';
import { holdFocus } from '../../../lib/return-focus';
import { toast } from '../../../lib/toast';
import { useDragToReorder } from '../../../lib/use-drag-to-reorder';

const SELECT_IMAGES = MESSAGES.selectImages;
const SELECT_IMAGE_TO_DELETE = MESSAGES.selectImageToDelete;

// The tile's width: a phone shows two square tiles (one wide one) a row, a wider screen three (two).
const TILE_SIZES = {
  square: '(min-width: 640px) 200px, 50vw',
  wide: '(min-width: 640px) 320px, 100vw',
} as const;

interface ImageManagerProps {
  /** the group's heading, such as 'Pictures' */
  title: string;
  images: string[];
  /** the alternative text of picture n (from 1) */
  altOf: (n: number) => string;
  /** each picture's alternative text, edited in place (products; banners have none) */
  descriptions?: {
    /** the text picture n (from 1) has now */
    of: (n: number) => string;
    /** what an emptied text becomes */
    fallback: string;
    onSave: (imageUrl: string, alt: string) => Promise<boolean>;
  };
  /** what the first picture is, such as 'Main picture' */
  firstLabel: string;
  busy: boolean;
  /** how a picture is drawn: products are square, banners wide */
  shape?: 'square' | 'wide';
  /** each answers whether the server took the change */
  onAdd: (files: File[]) => Promise<boolean>;
  onDelete: (imageUrl: string) => Promise<boolean>;
  onReorder: (images: string[]) => Promise<boolean>;
}

/** A saved picture's alternative text: typed, then saved with its button. */
function DescriptionField({
  n,
  current,
  fallback,
  busy,
  onSave,
}: {
  n: number;
  current: string;
  fallback: string;
  busy: boolean;
  onSave: (alt: string) => Promise<boolean>;
}) {
  const id = useId();
  const [text, setText] = useState(current);
  const changed = text.trim() !== current;
  return (
    <div className="px-2 pb-2">
      <label htmlFor={id} className="text-xs font-semibold text-ink">
        Picture {n}: what it shows
      </label>
      <div className="mt-1 flex gap-1">
        <input
          id={id}
          type="text"
          value={text}
          maxLength={IMAGE_ALT_MAX}
          placeholder={fallback}
          disabled={busy}
          onChange={(event) => setText(event.target.value)}
          className="input min-w-0 flex-1 py-1.5 text-sm"
        />
        <button
          type="button"
          className="btn-outline shrink-0 px-3 py-1.5 text-sm"
          disabled={busy || !changed}
          aria-label={`Save the description of picture ${n}`}
          onClick={async () => {
            if (!(await onSave(text.trim()))) setText(current);
          }}
        >
          Save
        </button>
      </div>
    </div>
  );
}

function moved(images: string[], from: number, to: number): string[] {
  const next = [...images];
  const [picture] = next.splice(from, 1);
  if (picture !== undefined) next.splice(to, 0, picture);
  return next;
}

/**
 * Pictures in their order: add several at once, choose one to remove, drag one or move it left or
 * right (the first leads). Every change goes to the server at once.
 */
export function ImageManager({
  title,
  images,
  altOf,
  descriptions,
  firstLabel,
  busy,
  shape = 'square',
  onAdd,
  onDelete,
  onReorder,
}: ImageManagerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [addError, setAddError] = useState<string | undefined>();
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const [moveNote, setMoveNote] = useState('');
  const chosenImage = chosen && images.includes(chosen) ? chosen : null;

  const add = async () => {
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) {
      setAddError(SELECT_IMAGES);
      toast.error(SELECT_IMAGES, { toastId: SELECT_IMAGES });
      return;
    }
    setAddError(undefined);
    if (await onAdd(files)) {
      if (input.current) input.current.value = '';
    }
  };

  // The buttons are off while the server answers; focus then returns to the moved picture.
  const move = async (from: number, to: number) => {
    const url = images[from];
    const returnFocus = holdFocus();
    if (!(await onReorder(moved(images, from, to)))) return;
    setMoveNote(`Picture ${from + 1} is now picture ${to + 1}.`);
    returnFocus(() => {
      const item = [...(list.current?.children ?? [])].find(
        (child) => (child as HTMLElement).dataset.url === url,
      );
      const buttons = item?.querySelectorAll<HTMLButtonElement>('button');
      const same = to < from ? buttons?.[0] : buttons?.[1];
      const other = to < from ? buttons?.[1] : buttons?.[0];
      return same && !same.disabled ? same : other;
    });
  };

  const { dragging, itemProps } = useDragToReorder(move, busy);

  const askDelete = () => {
    if (!chosenImage) {
      setDeleteError(SELECT_IMAGE_TO_DELETE);
      toast.error(SELECT_IMAGE_TO_DELETE, { toastId: SELECT_IMAGE_TO_DELETE });
      return;
    }
    setDeleteError(undefined);
    setConfirming(true);
  };

  const remove = async () => {
    if (!chosenImage) return;
    setConfirming(false);
    if (await onDelete(chosenImage)) setChosen(null);
  };

  return (
    <fieldset className="min-w-0" aria-busy={busy}>
      <legend className="font-display text-lg font-semibold text-forest-800">{title}</legend>
      <p className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP or AVIF, up to 10 MB each. The first picture is the{' '}
        {firstLabel.toLowerCase()}; drag a picture, or use its arrows, to change the order.
      </p>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-files`} className="label">
            Add pictures
          </label>
          <input
            ref={input}
            id={`${id}-files`}
            type="file"
            multiple
            // The server checks each file's bytes itself and says why it refuses one.
            accept={IMAGE_ACCEPT}
            onChange={() => setAddError(undefined)}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${id}-files-error` : undefined}
            className="block w-full text-sm text-ink file:mr-4 file:rounded-full file:border-0 file:bg-forest-50 file:px-4 file:py-2 file:font-semibold file:text-forest-800 hover:file:bg-forest-100"
          />
        </div>
        <button type="button" className="btn-primary shrink-0" onClick={add} disabled={busy}>
          Upload
        </button>
      </div>
      <FieldError id={`${id}-files-error`} message={addError} />

      {images.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-cream-200 px-4 py-6 text-center text-sm text-muted">
          No pictures yet.
        </p>
      ) : (
        <ul
          ref={list}
          className={`mt-4 grid gap-3 ${
            shape === 'wide' ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-2 sm:grid-cols-3'
          }`}
        >
          {images.map((url, index) => {
            const n = index + 1;
            const isChosen = chosenImage === url;
            return (
              <li
                key={url}
                data-url={url}
                data-testid="saved-picture"
                {...itemProps(index)}
                className={`overflow-hidden rounded-xl border bg-cream-50 ${
                  isChosen
                    ? 'border-maroon-600 ring-2 ring-maroon-600/20'
                    : dragging === index
                      ? 'border-forest-700 opacity-60'
                      : 'border-cream-200'
                } ${busy ? '' : 'cursor-grab'}`}
              >
                <div className={`relative ${shape === 'wide' ? 'aspect-[5/2]' : 'aspect-square'}`}>
                  <img
                    src={url}
                    srcSet={imageSources(url)?.srcSet}
                    sizes={TILE_SIZES[shape]}
                    alt={altOf(n)}
                    className="h-full w-full object-cover"
                    loading="lazy"
                    draggable={false}
                  />
                  {index === 0 && (
                    <span className="absolute left-2 top-2 rounded-full bg-forest-700 px-2 py-0.5 text-xs font-semibold text-cream-50">
                      {firstLabel}
                    </span>
                  )}
                </div>
                <div className="flex items-center justify-between gap-1 px-2 py-1.5">
                  <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-chosen`}
                      className="h-4 w-4 accent-maroon-700"
                      checked={isChosen}
                      onChange={() => {
                        setChosen(url);
                        setDeleteError(undefined);
                      }}
                      aria-label={`Choose picture ${n}`}
                    />
                    <span aria-hidden="true">{n}</span>
                  </label>
                  <span className="flex">
                    <button
                      type="button"
                      className="grid h-9 w-9 place-items-center rounded-full text-forest-700 hover:bg-forest-50 disabled:opacity-30"
                      aria-label={`Move picture ${n} left`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ChevronLeftIcon className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className="grid h-9 w-9 place-items-center rounded-full text-forest-700 hover:bg-forest-50 disabled:opacity-30"
                      aria-label={`Move picture ${n} right`}
                      disabled={busy || index === images.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ChevronRightIcon className="h-4 w-4" />
                    </button>
                  </span>
                </div>
                {descriptions && (
                  <DescriptionField
                    key={descriptions.of(n)}
                    n={n}
                    current={descriptions.of(n)}
                    fallback={descriptions.fallback}
                    busy={busy}
                    onSave={(alt) => descriptions.onSave(url, alt)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      <p role="status" className="sr-only">
        {moveNote}
      </p>

      {images.length > 0 && (
        <div className="mt-3">
          <button
            type="button"
            className="btn border border-maroon-600/40 text-maroon-700 hover:bg-maroon-600/5"
            onClick={askDelete}
            disabled={busy}
            aria-describedby={deleteError ? `${id}-delete-error` : undefined}
          >
            <TrashIcon className="h-4 w-4" />
            Remove chosen picture
          </button>
          <FieldError id={`${id}-delete-error`} message={deleteError} />
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          title="Remove this picture?"
          confirmLabel="Remove picture"
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
          description="The picture is deleted from the shop and cannot be brought back."
        />
      )}
    </fieldset>
  );
}
