/** The month's GST returns as the owner's accountant files them (GSTR-1 of a B2C seller). */
import { z } from 'zod';
import { MONTH } from '../gst';

const MONTH_MESSAGE = 'month must be a month as YYYY-MM';

export const gstReturnsQueryShape = z.object({
  month: z
    .string({ error: MONTH_MESSAGE })
    .max(7, { error: MONTH_MESSAGE, abort: true })
    .regex(MONTH, { error: MONTH_MESSAGE }),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
  part: z
    .enum(['b2cs', 'hsn', 'documents'], { error: 'part must be b2cs, hsn or documents' })
    .optional(),
});
export type GstReturnsQuery = z.infer<typeof gstReturnsQueryShape>;

const taxes = {
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
};

export const gstReturnsShape = z
  .object({
    month: z.string(),
    b2cs: z
      .array(
        z.object({
          placeOfSupply: z
            .string()
            .meta({ description: 'the state with its code, e.g. `10-Bihar`' }),
          gstRate: z.number(),
          ...taxes,
        }),
      )
      .meta({ description: 'B2C (small): sales less credit notes, by place of supply and rate' }),
    hsn: z
      .array(
        z.object({
          hsnCode: z.string(),
          description: z.string(),
          unit: z.string().meta({ description: 'the unit quantity code: NOS, numbers of packs' }),
          quantity: z
            .int()
            .meta({ description: 'packs sold less packs credited; shipping not counted' }),
          totalValue: z.number(),
          ...taxes,
        }),
      )
      .meta({ description: 'the HSN summary: sales less credit notes, by HSN code' }),
    documents: z.object({
      invoices: z.object({
        from: z.string().nullable(),
        to: z.string().nullable(),
        count: z.int(),
        cancelled: z.int(),
      }),
      creditNotes: z.object({
        from: z.string().nullable(),
        to: z.string().nullable(),
        count: z.int(),
      }),
    }),
  })
  .meta({
    id: 'GstReturns',
    description: "A month's tax documents as GSTR-1 asks a B2C seller for them; amounts in rupees",
  });
export type GstReturns = z.infer<typeof gstReturnsShape>;
