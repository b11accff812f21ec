import { IMAGE_ACCEPT, IMAGE_ALT_MAX, IMAGE_MAX_FILES } from '@makhana/domain/images';
import { useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon } from '../../../components/icons';
import { holdFocus } from '../../../lib/return-focus';
import { useDragToReorder } from '../../../lib/use-drag-to-reorder';

/** A picture chosen in the form and not yet uploaded: its file, a preview and what it shows. */
export interface PendingPicture {
  key: string;
  file: File;
  /** an object URL of the file, revoked when the picture leaves */
  preview: string;
  /** the owner's alternative text; empty is the default */
  alt: string;
}

let pictureCount = 0;

export function pendingPictures(files: readonly File[]): PendingPicture[] {
  return files.map((file) => {
    pictureCount += 1;
    return { key: `picture-${pictureCount}`, file, preview: URL.createObjectURL(file), alt: '' };
  });
}

export function releasePictures(pictures: readonly PendingPicture[]): void {
  for (const picture of pictures) URL.revokeObjectURL(picture.preview);
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

interface PicturePickerProps {
  pictures: PendingPicture[];
  onChange: (pictures: PendingPicture[]) => void;
  /** the alternative text a picture left empty gets: the product's name and smallest weight */
  defaultAlt: string;
  busy?: boolean;
}

/**
 * Pictures chosen before they are uploaded: previews in their order (the first is the main
 * picture), dragged or moved with buttons into place, removed, each with its alternative text.
 */
export function PicturePicker({
  pictures,
  onChange,
  defaultAlt,
  busy = false,
}: PicturePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [note, setNote] = useState('');
  const room = IMAGE_MAX_FILES - pictures.length;

  const choose = () => {
    const files = [...(input.current?.files ?? [])].slice(0, Math.max(0, room));
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    onChange([...pictures, ...pendingPictures(files)]);
    setNote(`${files.length} ${files.length === 1 ? 'picture' : 'pictures'} added.`);
  };

  const move = (from: number, to: number, focusButton?: 'earlier' | 'later') => {
    if (from === to || to < 0 || to >= pictures.length) return;
    const key = pictures[from]?.key;
    const returnFocus = holdFocus();
    onChange(moved(pictures, from, to));
    setNote(`Picture ${from + 1} is now picture ${to + 1}.`);
    if (!focusButton) return;
    // Focus stays on the moved picture's button, or its other one at either end.
    returnFocus(() => {
      const item = list.current?.querySelector<HTMLElement>(`[data-key="${key}"]`);
      const same = item?.querySelector<HTMLButtonElement>(`[data-move="${focusButton}"]`);
      const other = item?.querySelector<HTMLButtonElement>(
        `[data-move="${focusButton === 'earlier' ? 'later' : 'earlier'}"]`,
      );
      return same && !same.disabled ? same : other;
    });
  };

  const remove = (index: number) => {
    const leaving = pictures[index];
    if (!leaving) return;
    releasePictures([leaving]);
    onChange(pictures.filter((_, i) => i !== index));
    setNote(`Picture ${index + 1} removed.`);
  };

  const setAlt = (index: number, alt: string) =>
    onChange(pictures.map((picture, i) => (i === index ? { ...picture, alt } : picture)));

  const { dragging, itemProps } = useDragToReorder(move, busy);

  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-files`} className="label">
        Choose pictures
      </label>
      <input
        ref={input}
        id={`${id}-files`}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={busy || room <= 0}
        onChange={choose}
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm text-ink file:mr-4 file:rounded-full file:border-0 file:bg-forest-50 file:px-4 file:py-2 file:font-semibold file:text-forest-800 hover:file:bg-forest-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Up to {IMAGE_MAX_FILES}. Drag a picture, or use its arrows, to change the order. A picture
        left undescribed reads "{defaultAlt}", the product's name and smallest weight.
      </p>

      {pictures.length > 0 && (
        <ul
          ref={list}
          aria-label="Chosen pictures"
          // A row per picture on a phone (a small preview beside its text and buttons), tiles from a tablet up.
          className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3"
        >
          {pictures.map((picture, index) => {
            const n = index + 1;
            return (
              <li
                key={picture.key}
                data-key={picture.key}
                data-testid="chosen-picture"
                {...itemProps(index)}
                className={`flex overflow-hidden rounded-xl border bg-cream-50 sm:block ${
                  dragging === index ? 'border-forest-700 opacity-60' : 'border-cream-200'
                } cursor-grab`}
              >
                <div className="relative aspect-square w-28 shrink-0 sm:w-auto">
                  <img
                    src={picture.preview}
                    alt={picture.alt.trim() || defaultAlt}
                    className="h-full w-full object-cover"
                    draggable={false}
                  />
                  {index === 0 && (
                    <span className="absolute left-2 top-2 rounded-full bg-forest-700 px-2 py-0.5 text-xs font-semibold text-cream-50">
                      Main picture
                    </span>
                  )}
                </div>
                <div className="min-w-0 flex-1 space-y-2 p-2">
                  <div>
                    <label
                      htmlFor={`${id}-alt-${picture.key}`}
                      className="text-xs font-semibold text-ink"
                    >
                      Picture {n}: what it shows
                    </label>
                    <input
                      id={`${id}-alt-${picture.key}`}
                      type="text"
                      value={picture.alt}
                      maxLength={IMAGE_ALT_MAX}
                      placeholder={defaultAlt}
                      disabled={busy}
                      onChange={(event) => setAlt(index, event.target.value)}
                      className="input mt-1 w-full py-1.5 text-sm"
                    />
                  </div>
                  <div className="flex items-center justify-between">
                    <span className="flex">
                      <button
                        type="button"
                        data-move="earlier"
                        className="grid h-9 w-9 place-items-center rounded-full text-forest-700 hover:bg-forest-50 disabled:opacity-30"
                        aria-label={`Move picture ${n} earlier`}
                        disabled={busy || index === 0}
                        onClick={() => move(index, index - 1, 'earlier')}
                      >
                        <ChevronLeftIcon className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        data-move="later"
                        className="grid h-9 w-9 place-items-center rounded-full text-forest-700 hover:bg-forest-50 disabled:opacity-30"
                        aria-label={`Move picture ${n} later`}
                        disabled={busy || index === pictures.length - 1}
                        onClick={() => move(index, index + 1, 'later')}
                      >
                        <ChevronRightIcon className="h-4 w-4" />
                      </button>
                    </span>
                    <button
                      type="button"
                      className="grid h-9 w-9 place-items-center rounded-full text-maroon-700 hover:bg-maroon-600/5 disabled:opacity-30"
                      aria-label={`Remove picture ${n}`}
                      disabled={busy}
                      onClick={() => remove(index)}
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="sr-only">
        {note}
      </p>
    </div>
  );
}
