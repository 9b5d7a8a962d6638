/**
 * Page layout (spec §3 Section layout, §9): a section on a 12-column grid with a centred content
 * width (1440px by default), a gutter between columns, a minimum height, a direction per
 * breakpoint (columns side by side in a row, or stacked in a column), vertical alignment, and an
 * optional background image (one source per breakpoint, with alt text) under a colour overlay.
 *
 * Everything is CSS (kit.css): no JavaScript, so the server render is the final layout.
 */
import type { CSSProperties, ElementType, ReactNode } from "react";

/** The spec's breakpoints as media queries (the em values; 1023.98px/767.98px are the px twins). */
export const BREAKPOINTS = {
  desktop: "(min-width: 64.0625em)",
  tablet: "(min-width: 48em) and (max-width: 64em)",
  mobile: "(max-width: 47.9375em)",
  belowDesktop: "(max-width: 1023.98px)",
  belowTablet: "(max-width: 767.98px)",
} as const;

export const GRID_COLUMNS = 12;
export const SECTION_MAX_CONTENT_WIDTH = 1440;

export type LayoutDirection = "row" | "column";
export type VerticalAlign = "top" | "center" | "bottom" | "stretch";

export type SectionBackground = {
  desktop?: string;
  tablet?: string;
  mobile?: string;
  /** The image's alt text; leave empty for a purely decorative image. */
  alt?: string;
  /** CSS position, e.g. "center top". */
  position?: string;
  /** cover, contain, or repeat (tiled). */
  sizeOrRepeat?: "cover" | "contain" | "repeat";
};

export type SectionProps = {
  children: ReactNode;
  as?: ElementType;
  /** Landmark name when the section is a region of its own. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  maxContentWidth?: number | string;
  /** Space between columns (px when a number). */
  gutter?: number | string;
  minHeight?: number | string;
  direction?: { desktop?: LayoutDirection; tablet?: LayoutDirection; mobile?: LayoutDirection };
  verticalAlign?: VerticalAlign;
  background?: SectionBackground;
  /** Colour laid over the background image, e.g. "rgba(0, 0, 0, 0.6)". */
  overlayColor?: string;
  className?: string;
  id?: string;
};

function cssLength(value: number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "number" ? `${value}px` : value;
}

/** Width of a column of `width` twelfths as a percentage (6 → 50%, 2 → 16.67%, 4 → 33.33%, 8 → 66.67%). */
export function columnPortion(width: number): string {
  const clamped = Math.min(GRID_COLUMNS, Math.max(1, Math.round(width)));
  return `${Math.round((clamped / GRID_COLUMNS) * 10000) / 100}%`;
}

function Background({ background, overlayColor }: { background?: SectionBackground; overlayColor?: string }) {
  const desktop = background?.desktop ?? background?.tablet ?? background?.mobile;
  const hasImage = Boolean(desktop);
  if (!hasImage && !overlayColor) return null;
  const alt = background?.alt ?? "";
  const tiled = background?.sizeOrRepeat === "repeat";
  return (
    <div className="kit-section__background">
      {hasImage && !tiled ? (
        <picture>
          {background?.mobile ? <source media={BREAKPOINTS.mobile} srcSet={background.mobile} /> : null}
          {background?.tablet ? <source media={BREAKPOINTS.tablet} srcSet={background.tablet} /> : null}
          <img
            className="kit-section__image"
            src={desktop}
            alt={alt}
            style={{
              objectFit: background?.sizeOrRepeat === "contain" ? "contain" : "cover",
              objectPosition: background?.position,
            }}
          />
        </picture>
      ) : null}
      {hasImage && tiled ? (
        <div
          className="kit-section__tiles"
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          style={
            {
              "--kit-bg-desktop": `url("${desktop}")`,
              "--kit-bg-tablet": `url("${background?.tablet ?? desktop}")`,
              "--kit-bg-mobile": `url("${background?.mobile ?? background?.tablet ?? desktop}")`,
              backgroundPosition: background?.position,
            } as CSSProperties
          }
        />
      ) : null}
      {overlayColor ? <div className="kit-section__overlay" style={{ backgroundColor: overlayColor }} /> : null}
    </div>
  );
}

export function Section({
  children,
  as: Tag = "section",
  maxContentWidth = SECTION_MAX_CONTENT_WIDTH,
  gutter,
  minHeight,
  direction,
  verticalAlign = "top",
  background,
  overlayColor,
  className,
  ...rest
}: SectionProps) {
  const desktop = direction?.desktop ?? "row";
  const tablet = direction?.tablet ?? desktop;
  const mobile = direction?.mobile ?? "column";
  const style = {
    "--kit-section-max-width": cssLength(maxContentWidth),
    "--kit-section-gutter": cssLength(gutter),
    "--kit-section-min-height": cssLength(minHeight),
  } as CSSProperties;
  return (
    <Tag
      {...rest}
      className={[
        "kit-section",
        `kit-section--desktop-${desktop}`,
        `kit-section--tablet-${tablet}`,
        `kit-section--mobile-${mobile}`,
        `kit-section--align-${verticalAlign}`,
        background?.desktop || background?.tablet || background?.mobile || overlayColor
          ? "kit-section--has-background"
          : "",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      style={style}
    >
      <Background background={background} overlayColor={overlayColor} />
      <div className="kit-section__content">{children}</div>
    </Tag>
  );
}

export type ColumnProps = {
  children?: ReactNode;
  /** Twelfths of the row this column takes when the section lays out as a row (default 12). */
  width?: number;
  as?: ElementType;
  className?: string;
};

export function Column({ children, width = GRID_COLUMNS, as: Tag = "div", className }: ColumnProps) {
  const span = Math.min(GRID_COLUMNS, Math.max(1, Math.round(width)));
  return (
    <Tag
      className={["kit-column", `kit-column--${span}`, className].filter(Boolean).join(" ")}
      style={{ "--kit-column-span": span, "--kit-column-portion": columnPortion(span) } as CSSProperties}
    >
      {children}
    </Tag>
  );
}
