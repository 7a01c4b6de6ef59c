import { useCallback } from 'react';

/**
 * A ref for an <img> that shows a Blob (a PNG the server rendered). The object URL lives exactly as
 * long as the image shows this blob (React 19 ref cleanup), so none is leaked.
 */
export function useBlobImage(blob: Blob | undefined) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
