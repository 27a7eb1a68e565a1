import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycRect } from './kyc-api';

// Rectangles a reviewer draws over an image, kept in the image's own pixels whatever its
// zoom: the layer covers the shown image exactly, so a pointer's place in the layer, as a
// fraction of its size, times the natural size, is the pixel. Each rectangle is drawn in
// percentages of the layer, so it stays on its pixels when the zoom changes.

interface MaskLayerProps {
  naturalWidth: number;
  naturalHeight: number;
  rects: readonly KycRect[];
  onChange(rects: KycRect[]): void;
}

/** Anything smaller is a click, not a rectangle. */
const MIN_SIZE = 4;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** A rectangle from two corners, in whole pixels, inside the image. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }, width: number, height: number): KycRect {
  const left = clamp(Math.round(Math.min(a.x, b.x)), 0, width);
  const top = clamp(Math.round(Math.min(a.y, b.y)), 0, height);
  const right = clamp(Math.round(Math.max(a.x, b.x)), 0, width);
  const bottom = clamp(Math.round(Math.max(a.y, b.y)), 0, height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A rectangle moved (or, with `resize`, grown) by dx, dy pixels, kept inside the image. */
export function nudge(rect: KycRect, dx: number, dy: number, resize: boolean, width: number, height: number): KycRect {
  if (resize) {
    return { ...rect, width: clamp(rect.width + dx, MIN_SIZE, width - rect.x), height: clamp(rect.height + dy, MIN_SIZE, height - rect.y) };
  }
  return { ...rect, x: clamp(rect.x + dx, 0, width - rect.width), y: clamp(rect.y + dy, 0, height - rect.height) };
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function MaskLayer({ naturalWidth, naturalHeight, rects, onChange }: MaskLayerProps) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<{ start: { x: number; y: number }; rect: KycRect } | null>(null);

  const pixelOf = (event: PointerEvent) => {
    const box = layer.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return { x: 0, y: 0 };
    return {
      x: clamp(((event.clientX - box.left) / box.width) * naturalWidth, 0, naturalWidth),
      y: clamp(((event.clientY - box.top) / box.height) * naturalHeight, 0, naturalHeight),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.target !== layer.current) return;
    event.preventDefault();
    layer.current?.setPointerCapture(event.pointerId);
    const start = pixelOf(event);
    setDraft({ start, rect: rectBetween(start, start, naturalWidth, naturalHeight) });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    setDraft({ ...draft, rect: rectBetween(draft.start, pixelOf(event), naturalWidth, naturalHeight) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    const rect = rectBetween(draft.start, pixelOf(event), naturalWidth, naturalHeight);
    setDraft(null);
    if (rect.width >= MIN_SIZE && rect.height >= MIN_SIZE) onChange([...rects, rect]);
  };

  // One step is 1 % of the image's width, at least a pixel.
  const step = Math.max(1, Math.round(naturalWidth / 100));
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      onChange(rects.map((rect, at) => (at === index ? nudge(rect, arrow[0] * step, arrow[1] * step, event.shiftKey, naturalWidth, naturalHeight) : rect)));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(rects.filter((_rect, at) => at !== index));
    }
  };

  const box = (rect: KycRect) => ({
    left: `${(rect.x / naturalWidth) * 100}%`,
    top: `${(rect.y / naturalHeight) * 100}%`,
    width: `${(rect.width / naturalWidth) * 100}%`,
    height: `${(rect.height / naturalHeight) * 100}%`,
  });

  return (
    <div
      ref={layer}
      data-testid="kyc-mask-layer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDraft(null)}
      style={{ position: 'absolute', inset: 0, cursor: 'crosshair', touchAction: 'none', outline: '2px dashed #fa8c16' }}
    >
      {rects.map((rect, index) => (
        <div
          key={`${index}:${rect.x}:${rect.y}`}
          tabIndex={0}
          role="img"
          aria-label={t('kyc.mask.area', { index: index + 1, x: rect.x, y: rect.y, width: rect.width, height: rect.height })}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown Delete"
          data-testid="kyc-mask-rect"
          data-rect={`${rect.x},${rect.y},${rect.width},${rect.height}`}
          onKeyDown={onKeyDown(index)}
          style={{ position: 'absolute', ...box(rect), background: 'rgba(0, 0, 0, 0.85)', outline: '2px solid #fa8c16', cursor: 'default' }}
        />
      ))}
      {draft ? <div style={{ position: 'absolute', ...box(draft.rect), background: 'rgba(0, 0, 0, 0.5)', outline: '2px solid #fa8c16' }} /> : null}
    </div>
  );
}
