import type { ProductImage } from "./product";

/** A product picture; a neutral placeholder when the catalog has none. */
export function ProductPicture({ image, className, size = 320 }: { image: ProductImage | null; className?: string; size?: number }) {
  if (!image) {
    return <div className={["store-picture store-picture--empty", className].filter(Boolean).join(" ")} aria-hidden="true" />;
  }
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
      className={["store-picture", className].filter(Boolean).join(" ")}
    />
  );
}
