import { useHref } from "@remix-run/react";
import type { ProductImage } from "~/catalog/model/product";

/** A product picture; a neutral placeholder when the catalog has none. */
export function ProductPicture({
  image,
  className,
  size = 320,
}: {
  image: ProductImage | null;
  className?: string;
  size?: number;
}) {
  if (!image) {
    return (
      <div className={["store-picture store-picture--empty", className].filter(Boolean).join(" ")} aria-hidden="true" />
    );
  }
  return <Picture image={image} className={className} size={size} />;
}

function Picture({ image, className, size }: { image: ProductImage; className?: string; size: number }) {
  // The catalog's media paths are the store's own files (public/): under its base path, as <Link> puts its paths
  // (useStoreHref in ../store-href does the same; inlined here, where every shopping page would load that module).
  const storePath = image.url.startsWith("/") && !image.url.startsWith("//");
  const href = useHref(storePath ? image.url : "/");
  return (
    <img
      src={storePath ? href : image.url}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
      className={["store-picture", className].filter(Boolean).join(" ")}
    />
  );
}
