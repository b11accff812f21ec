import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../stores/hooks';
import {
  useAddBannerImagesMutation,
  useDeleteBannerImageMutation,
  useReorderBannerImagesMutation,
} from '../api/banners';
import { ImageManager } from '../products/image-manager';

export const BANNER_IMAGES_ADDED = 'Banner images added successfully';
export const BANNER_IMAGE_DELETED = 'Banner image deleted';

/** The home carousel's pictures in their order: add several, remove one, move one. */
export function BannersTab() {
  // The shop's own copy, which every write below replaces with the server's answer.
  const banners = useAppSelector((state) => state.banner.banners);
  const [addImages, adding] = useAddBannerImagesMutation();
  const [deleteImage, deleting] = useDeleteBannerImageMutation();
  const [reorderImages, reordering] = useReorderBannerImagesMutation();
  const busy = adding.isLoading || deleting.isLoading || reordering.isLoading;
  // The carousel shows the first banner's pictures.
  const images = banners[0]?.images ?? [];

  const call = async (write: { unwrap(): Promise<unknown> }, done?: string): Promise<boolean> => {
    try {
      await write.unwrap();
      if (done) toast.success(done);
      return true;
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message, { toastId: message });
      return false;
    }
  };

  return (
    <section aria-labelledby="owner-banners-title" className="space-y-5">
      <div>
        <h2
          id="owner-banners-title"
          className="font-display text-2xl font-semibold text-forest-800"
        >
          Banners
        </h2>
        <p className="text-sm text-muted">
          The pictures of the home page's carousel, in the order they play. Banners are drawn at
          1600 × 640.
        </p>
      </div>
      <div className="card p-4 sm:p-6">
        <ImageManager
          title="Banner images"
          images={images}
          altOf={(n) => `Banner ${n}`}
          firstLabel="First slide"
          shape="wide"
          busy={busy}
          onAdd={(files) => call(addImages(files), BANNER_IMAGES_ADDED)}
          onDelete={(imageUrl) => call(deleteImage(imageUrl), BANNER_IMAGE_DELETED)}
          onReorder={(order) => call(reorderImages(order))}
        />
      </div>
    </section>
  );
}
