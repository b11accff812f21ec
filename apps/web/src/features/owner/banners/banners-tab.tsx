import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { ImageManager } from '../products/image-manager';
import { addBannerImages } from './api/add-banner-images';
import { deleteBannerImage } from './api/delete-banner-image';
import { reorderBannerImages } from './api/reorder-banner-images';

export const BANNER_IMAGES_ADDED = 'Banner images added successfully';
export const BANNER_IMAGE_DELETED = 'Banner image deleted';

/** The home carousel's pictures in their order: add several, remove one, move one. */
export function BannersTab() {
  const dispatch = useAppDispatch();
  const { banners, loading } = useAppSelector((state) => state.banner);
  // The carousel shows the first banner's pictures.
  const images = banners[0]?.images ?? [];

  const call = async (
    action: Promise<{ type: string; payload?: unknown }>,
    done?: string,
  ): Promise<boolean> => {
    const result = await action;
    if (result.type.endsWith('/fulfilled')) {
      if (done) toast.success(done);
      return true;
    }
    const message = (result.payload as { message?: string } | undefined)?.message ?? 'Server error';
    toast.error(message, { toastId: message });
    return false;
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
          busy={loading}
          onAdd={(files) => call(dispatch(addBannerImages(files)), BANNER_IMAGES_ADDED)}
          onDelete={(imageUrl) => call(dispatch(deleteBannerImage(imageUrl)), BANNER_IMAGE_DELETED)}
          onReorder={(order) => call(dispatch(reorderBannerImages(order)))}
        />
      </div>
    </section>
  );
}
