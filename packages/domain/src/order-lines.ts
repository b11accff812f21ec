/**
 * How a request names a line of an order: by its id (`item`, what the shop's own screens send)
 * or by its SKU (`sku`, what an integration or an accountant's tool knows). A refund's lines and a
 * return's lines take either; the server turns each into the line's id before the rules read it.
 */
import { z } from 'zod';

export interface NamedLine {
  item?: string | undefined;
  sku?: string | undefined;
}

/** The two fields that name a line, each refused with `unknownLine` when it is not text. */
export function namedLineFields(unknownLine: string) {
  const name = z
    .string({ error: unknownLine })
    .max(100, { message: unknownLine, abort: true })
    .optional();
  return { item: name, sku: name };
}

/** The refinement of a line's object: it names its line one way, not both, not neither. */
export const namesOneLine = (line: NamedLine): boolean =>
  (line.item === undefined) !== (line.sku === undefined);

/**
 * Each asked line with the id of the order line it names. A SKU that is no line's is kept as an
 * id no line has, so the rules refuse it as they refuse an unknown id.
 */
export function byLineId<T extends NamedLine>(
  asked: readonly T[],
  lines: readonly { id: string; sku: string }[],
): (Omit<T, 'item' | 'sku'> & { item: string })[] {
  return asked.map(({ item, sku, ...rest }) => ({
    ...rest,
    item: item ?? lines.find((line) => line.sku === sku)?.id ?? `sku:${sku ?? ''}`,
  }));
}
