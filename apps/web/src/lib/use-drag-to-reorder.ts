import { type DragEvent, useState } from 'react';

/**
 * A list whose items are dragged into a new order with a mouse (a touch screen keeps the items'
 * move buttons): spread `itemProps(index)` on each item; `dragging` is the item being dragged.
 */
export function useDragToReorder(move: (from: number, to: number) => void, busy: boolean) {
  const [dragging, setDragging] = useState<number | null>(null);
  const itemProps = (index: number) => ({
    draggable: !busy,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with data set.
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event: DragEvent<HTMLElement>) => event.preventDefault(),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragging !== null && dragging !== index) move(dragging, index);
      setDragging(null);
    },
    onDragEnd: () => setDragging(null),
  });
  return { dragging, itemProps };
}
