import type { ApiSuccess } from '@makhana/domain/api';
import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import { apiSlice } from '../../../lib/api-slice';

export const dashboardFiguresApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admins/dashboard: the owner's cards and chart, counted by the server from paid orders. */
    getDashboardFigures: build.query<DashboardFigures, void>({
      query: () => ({ path: '/admins/dashboard', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<DashboardFigures>) => answer.data,
      providesTags: ['DashboardFigures'],
    }),
  }),
});

export const { useGetDashboardFiguresQuery } = dashboardFiguresApi;
