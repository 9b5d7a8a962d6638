import { useStoreHref } from "../store-href";
import type { ProductImage } from "./product";

/** A product picture; a neutral placeholder when the catalog has none. */
export function ProductPicture({ image, className, size = 320 }: { image: ProductImage | null; className?: string; size?: number }) {
  if (!image) {
    return <div className={["store-picture store-picture--empty", className].filter(Boolean).join(" ")} aria-hidden="true" />;
  }
  return <Picture image={image} className={className} size={size} />;
}

function Picture({ image, className, size }: { image: ProductImage; className?: string; size: number }) {
  // The catalog's media paths are the store's own files (public/): under its base path.
  const src = useStoreHref(image.url);
  return (
    <img
      src={src}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
      className={["store-picture", className].filter(Boolean).join(" ")}
    />
  );
}
