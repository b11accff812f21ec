import type { Order } from '@makhana/domain/orders';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cellClass } from './owner-table';

export interface OrderSelection {
  /** the selected orders of the page, in the page's order */
  orders: Order[];
  has: (orderId: string) => boolean;
  toggle: (orderId: string, selected: boolean) => void;
  /** every order of the page, or none */
  setAll: (selected: boolean) => void;
  clear: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The orders ticked on this page of the list. `view` names the page with its search and filters:
 * another view starts with nothing ticked, and an order that leaves the page (a filter it no
 * longer matches) leaves the selection with it.
 */
export function useOrderSelection(items: Order[], view: string): OrderSelection {
  const [chosen, setChosen] = useState({ view, ids: NONE });
  const ids = chosen.view === view ? chosen.ids : NONE;
  const change = (edit: (ids: Set<string>) => void) =>
    setChosen((current) => {
      const next = new Set(current.view === view ? current.ids : NONE);
      edit(next);
      return { view, ids: next };
    });
  return {
    orders: items.filter((order) => ids.has(order._id)),
    has: (orderId) => ids.has(orderId),
    toggle: (orderId, selected) =>
      change((next) => (selected ? next.add(orderId) : next.delete(orderId))),
    setAll: (selected) =>
      change((next) => {
        next.clear();
        if (selected) for (const order of items) next.add(order._id);
      }),
    clear: () => setChosen({ view, ids: NONE }),
  };
}

/** A box to tick, its padding a finger's width; `mixed` shows a part of the page ticked. */
export function SelectBox({
  label,
  checked,
  mixed = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  mixed?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property of the element, with no attribute React could set.
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="-m-2.5 inline-flex cursor-pointer p-2.5">
      <input
        ref={box}
        type="checkbox"
        aria-label={label}
        className="h-5 w-5 cursor-pointer accent-forest-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

/** The box in the table's head that ticks, or unticks, every order of the page. */
export function SelectPageBox({ items, selection }: { items: Order[]; selection: OrderSelection }) {
  const count = selection.orders.length;
  const all = items.length > 0 && count === items.length;
  return (
    <SelectBox
      label="Select all orders on this page"
      checked={all}
      mixed={count > 0 && !all}
      onChange={selection.setAll}
    />
  );
}

export function SelectOrderBox({ order, selection }: { order: Order; selection: OrderSelection }) {
  return (
    <SelectBox
      label={`Select order ${order.orderNumber}`}
      checked={selection.has(order._id)}
      onChange={(checked) => selection.toggle(order._id, checked)}
    />
  );
}

/** A row's first cell, holding its box. */
export function SelectCell({ children }: { children: ReactNode }) {
  return <td className={`${cellClass} w-px pr-0`}>{children}</td>;
}
