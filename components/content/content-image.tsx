export interface ContentImageData {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** Width and height from the API keep the space reserved while the image loads (no layout shift). */
export function ContentImage({
  image,
  className,
  priority = false,
}: {
  image: ContentImageData;
  className?: string;
  priority?: boolean;
}) {
  return (
    // Static export: next/image optimisation is not available, and the API already gives the intrinsic size.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className={['content-image', className].filter(Boolean).join(' ')}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
