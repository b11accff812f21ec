import type { Banner } from '@makhana/domain/product';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBanners } from '../../../api/get-banners';
import { createStore } from '../../../stores/store';
import { spyToasts, stubRoutes } from '../../../test/customer-fixtures';
import { fail, ok, renderRoutes } from '../../../test/shop-fixtures';
import { BannersTab } from './banners-tab';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const first = '/uploads/banners/aaaa-1280.webp';
const second = '/uploads/banners/bbbb-1280.webp';
const banner = (images: string[]): Banner[] => [{ _id: 'banner-1', images }];

function renderTab(images: string[] = [first, second]) {
  const store = createStore();
  store.dispatch(fetchBanners.fulfilled(banner(images), 'banners-loaded'));
  const view = renderRoutes([{ path: '/', Component: BannersTab }], { store });
  const group = () => within(screen.getByRole('group', { name: 'Banner images' }));
  return { ...view, store, group, user: userEvent.setup() };
}

/** Records the multipart bodies sent to addBannerImage, answering `answer`. */
function captureUploads(answer: ReturnType<typeof ok> | ReturnType<typeof fail>) {
  const sent: FormData[] = [];
  const fetchMock = vi.mocked(fetch);
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/banners/addBannerImage')) {
      sent.push(init?.body as FormData);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }
    return base!(input, init);
  });
  return sent;
}

describe('BannersTab', () => {
  it('shows the carousel pictures in order, the first one marked', () => {
    const { group } = renderTab();
    expect(
      group()
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([first, second]);
    expect(group().getByText('First slide')).toBeTruthy();
  });

  it('adds several pictures at once, and the carousel follows', async () => {
    stubRoutes({});
    const third = '/uploads/banners/cccc-1280.webp';
    const sent = captureUploads(ok(banner([first, second, third])));
    const { group, user, store } = renderTab();

    await user.click(group().getByRole('button', { name: 'Upload' }));
    expect(group().getByText('Please select images')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.upload(group().getByLabelText('Add pictures'), [
      new File(['c'], 'c.webp', { type: 'image/webp' }),
      new File(['d'], 'd.avif', { type: 'image/avif' }),
    ]);
    await user.click(group().getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Banner images added successfully'),
    );
    expect(sent[0]?.getAll('images').map((f) => (f as File).name)).toEqual(['c.webp', 'd.avif']);
    expect(store.getState().banner.banners[0]?.images).toEqual([first, second, third]);
    expect(group().getAllByRole('img')).toHaveLength(3);
  });

  it('removes the chosen picture after a confirmation', async () => {
    const server = stubRoutes({ 'POST /banners/deleteBannerImage': ok(banner([second])) });
    const { group, user, store } = renderTab();

    await user.click(group().getByRole('button', { name: 'Remove chosen picture' }));
    expect(group().getByText('Please select image to delete')).toBeTruthy();

    await user.click(group().getByRole('radio', { name: 'Choose picture 1' }));
    await user.click(group().getByRole('button', { name: 'Remove chosen picture' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove this picture?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST /banners/deleteBannerImage')).toHaveLength(0);

    await user.click(group().getByRole('button', { name: 'Remove chosen picture' }));
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Banner image deleted'));
    expect(server.callsTo('POST /banners/deleteBannerImage')[0]?.body).toEqual({ imageUrl: first });
    expect(store.getState().banner.banners[0]?.images).toEqual([second]);
  });

  it('moves a picture and sends the new order', async () => {
    const server = stubRoutes({
      'POST /banners/reorderBannerImages': (body) =>
        ok(banner((body as { images: string[] }).images)),
    });
    const { group, user, store } = renderTab();
    await user.click(group().getByRole('button', { name: 'Move picture 1 right' }));
    await waitFor(() =>
      expect(store.getState().banner.banners[0]?.images).toEqual([second, first]),
    );
    expect(server.callsTo('POST /banners/reorderBannerImages')[0]?.body).toEqual({
      images: [second, first],
    });
    expect(group().getAllByRole('img')[0]?.getAttribute('src')).toBe(second);
  });

  it("toasts the server's refusal and keeps the pictures", async () => {
    stubRoutes({});
    captureUploads(fail(413, 'images: big.jpg is larger than 10 MB'));
    const { group, user, store } = renderTab();
    await user.upload(
      group().getByLabelText('Add pictures'),
      new File(['x'], 'big.jpg', { type: 'image/jpeg' }),
    );
    await user.click(group().getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'images: big.jpg is larger than 10 MB',
        expect.anything(),
      ),
    );
    expect(store.getState().banner.banners[0]?.images).toEqual([first, second]);
    // The refusal is the tab's: the home carousel is not marked as failed.
    expect(store.getState().banner.error).toBeNull();
  });

  it('says so when there are no pictures yet', () => {
    const { group } = renderTab([]);
    expect(group().getByText('No pictures yet.')).toBeTruthy();
  });
});
