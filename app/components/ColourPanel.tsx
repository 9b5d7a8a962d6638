/**
 * The colour picker's panel (ColourPicker): a saturation/brightness canvas for the pointer, and for the keyboard a
 * hue slider, red/green/blue fields and a hex field. Loaded the first time the shopper opens it.
 */
import { useEffect, useRef, useState, type PointerEvent } from "react";
import {
  clampChannel,
  clampHue,
  COLOUR_CANVAS,
  HEX_MAX_LENGTH,
  HUE_MAX,
  hexToRgb,
  hsvToRgb,
  rgbToHex,
  rgbToHsv,
  validateHexInput,
  type Rgb,
} from "~/lib/validation/colours";
import { Button } from "./Button";
import { ErrorList } from "./Field";

export type PanelProps = {
  id: string;
  initial: string;
  onApply: (hex: string) => void;
  onCancel: () => void;
};

export default function ColourPanel({ id, initial, onApply, onCancel }: PanelProps) {
  const start = hexToRgb(initial);
  const [rgb, setRgb] = useState<Rgb>(start);
  // Hue is kept apart from RGB: a grey has no hue, and dragging through grey must not lose it.
  const [hue, setHue] = useState(() => rgbToHsv(start).h);
  const [hexText, setHexText] = useState(rgbToHex(start));
  const [hexError, setHexError] = useState<string | undefined>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hsv = rgbToHsv(rgb);
  const hexErrorId = `${id}-hex-error`;

  useEffect(() => {
    const context = canvasRef.current?.getContext("2d");
    if (!context) return;
    const { width, height } = COLOUR_CANVAS;
    context.fillStyle = `hsl(${hue}, 100%, 50%)`;
    context.fillRect(0, 0, width, height);
    const white = context.createLinearGradient(0, 0, width, 0);
    white.addColorStop(0, "rgba(255,255,255,1)");
    white.addColorStop(1, "rgba(255,255,255,0)");
    context.fillStyle = white;
    context.fillRect(0, 0, width, height);
    const black = context.createLinearGradient(0, 0, 0, height);
    black.addColorStop(0, "rgba(0,0,0,0)");
    black.addColorStop(1, "rgba(0,0,0,1)");
    context.fillStyle = black;
    context.fillRect(0, 0, width, height);
  }, [hue]);

  function update(next: Rgb, nextHue?: number) {
    setRgb(next);
    setHexText(rgbToHex(next));
    setHexError(undefined);
    if (nextHue !== undefined) setHue(nextHue);
  }

  function pick(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const s = Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
    const v = Math.min(100, Math.max(0, 100 - ((event.clientY - box.top) / box.height) * 100));
    update(hsvToRgb({ h: hue, s, v }));
  }

  const channel = (key: keyof Rgb, label: string) => (
    <div className="kit-colour-panel__channel">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="kit-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={255}
        step={1}
        value={rgb[key]}
        onChange={(event) => {
          const next = { ...rgb, [key]: clampChannel(event.currentTarget.value) };
          update(next, rgbToHsv(next).s > 0 ? rgbToHsv(next).h : hue);
        }}
      />
    </div>
  );

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a non-modal dialog closes on Escape from anywhere inside it
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-label="Choose a colour"
      className="kit-colour-panel"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <div className="kit-colour-panel__area">
        <canvas
          ref={canvasRef}
          width={COLOUR_CANVAS.width}
          height={COLOUR_CANVAS.height}
          className="kit-colour-panel__canvas"
          aria-hidden="true"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            pick(event);
          }}
          onPointerMove={(event) => {
            if (event.buttons === 1) pick(event);
          }}
        />
        <span
          className="kit-colour-panel__marker"
          aria-hidden="true"
          style={{ left: `${hsv.s}%`, top: `${100 - hsv.v}%` }}
        />
      </div>
      <div className="kit-colour-panel__hue">
        <label htmlFor={`${id}-hue`}>Hue</label>
        <input
          id={`${id}-hue`}
          type="range"
          min={0}
          max={HUE_MAX}
          step={1}
          value={hue}
          onChange={(event) => {
            const h = clampHue(event.currentTarget.value);
            update(hsvToRgb({ h, s: hsv.s, v: hsv.v }), h);
          }}
        />
      </div>
      <div className="kit-colour-panel__channels">
        {channel("r", "Red")}
        {channel("g", "Green")}
        {channel("b", "Blue")}
      </div>
      <div className="kit-colour-panel__hex">
        <label htmlFor={`${id}-hex`}>Hex</label>
        <div className="kit-colour-panel__hex-row">
          <input
            id={`${id}-hex`}
            className="kit-input"
            type="text"
            spellCheck={false}
            autoComplete="off"
            maxLength={HEX_MAX_LENGTH}
            value={hexText}
            aria-invalid={hexError ? true : undefined}
            aria-describedby={hexError ? hexErrorId : undefined}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setHexText(text);
              if (!validateHexInput(text)) {
                const next = hexToRgb(text);
                setRgb(next);
                setHexError(undefined);
                if (rgbToHsv(next).s > 0) setHue(rgbToHsv(next).h);
              }
            }}
            onBlur={(event) => setHexError(validateHexInput(event.currentTarget.value))}
          />
          <span className="kit-colour-panel__preview" aria-hidden="true" style={{ backgroundColor: rgbToHex(rgb) }} />
        </div>
        <ErrorList id={hexErrorId} errors={hexError ? [hexError] : []} />
      </div>
      <div className="kit-colour-panel__actions">
        <Button type="button" size="small" onClick={() => onApply(rgbToHex(rgb))}>
          Done
        </Button>
        <Button type="button" size="small" variant="neutral" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
