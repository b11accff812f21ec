/** What the owner area reads about the shop as a whole: money in rupees. */
import { z } from 'zod';

export const dailySalesShape = z
  .object({
    date: z.string().meta({ description: "the day in India's time zone, `YYYY-MM-DD`" }),
    orders: z.int().meta({ description: 'orders paid that day' }),
    revenue: z.number().meta({ description: 'what those orders paid, in rupees' }),
  })
  .meta({ id: 'DailySales' });

export const dashboardFiguresShape = z
  .object({
    totalOrders: z.int().meta({ description: 'paid orders; a refunded order no longer counts' }),
    totalUsers: z.int().meta({ description: 'customer accounts' }),
    totalProducts: z.int().meta({ description: 'products in the shop, not deleted' }),
    revenue: z.number().meta({ description: 'what the paid orders paid, in rupees' }),
    growth: z.number().nullable().meta({
      description:
        "this calendar month's paid revenue against last month's, a percentage to one decimal; null when last month had none",
    }),
    salesByDay: z.array(dailySalesShape).meta({
      description: 'the last 30 days, oldest first and today last; a day without sales is zeros',
    }),
  })
  .meta({
    id: 'DashboardFigures',
    description: "The owner's cards and chart: paid orders only, days and months in India's time.",
  });

export type DashboardFigures = z.infer<typeof dashboardFiguresShape>;
export type DailySales = z.infer<typeof dailySalesShape>;
