/**
 * The slideshow dialog for a broadcaster's photos, videos and text shots (spec 001 §2 "Shot gallery
 * dialog", §4 "Shot slideshow"). Shared by her shots and her albums.
 *
 *   <Slideshow items={[...]} start={0} title="Her shots" onClose={...} extra={(item, i) => ...} />
 *
 * - `items`: ViewerItem (below): type 1 photo, 2 video, 3 text; `is_can_watch` 0 shows `locked`
 *   over the (blurred) cover instead of the photo or clip.
 * - Previous/Next cycle with wraparound; the edge arrows hide at the first and last item; the
 *   keyboard's left/right arrows move too (not while typing in a field), Escape closes.
 * - 'n / total' counts the items; focus stays in the dialog (native modal <dialog>) and returns
 *   to the opener when it closes.
 * - `extra` renders controls for the current item under it (the shots' like toggle and comment box;
 *   an album passes none). `onIndex` tells the opener which item shows.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { BlurredPicture } from './PictureViewer';
import { VideoPlayer } from './VideoPlayer';
import { counterText, edgeArrows, wrapIndex } from './viewer-rules';
import './media-viewer.css';

export interface ViewerItem {
  id: string | number;
  /** 1 photo, 2 video, 3 text. */
  type: 1 | 2 | 3;
  /** The thumbnail or video cover (blurred for a locked item). */
  img: string;
  /** The full-size picture; `img` when absent. */
  biger_img?: string;
  /** The clip's address (type 2). */
  video?: string;
  /** A text shot's words. */
  content?: string;
  /** The description shown under the item. */
  file_desc?: string;
  is_can_watch: 0 | 1;
  /** What a locked item says (the Intimacy Level 2 text). */
  locked?: string;
  /** A text shot's background, 1–6. */
  bgNumber?: number;
}

export interface SlideshowProps {
  items: ViewerItem[];
  start?: number;
  /** The dialog's accessible name, e.g. "Anna's shots". */
  title: string;
  onClose: () => void;
  extra?: (item: ViewerItem, index: number) => ReactNode;
  onIndex?: (index: number) => void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function Slideshow({ items, start = 0, title, onClose, extra, onIndex }: SlideshowProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), Math.max(items.length - 1, 0)));
  const total = items.length;
  const at = Math.min(index, Math.max(total - 1, 0));
  const item = items[at];
  const arrows = edgeArrows(at, total);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  useEffect(() => onIndex?.(at), [at, onIndex]);

  const move = (step: number) => setIndex((i) => wrapIndex(i, step, total));

  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-labelledby={titleId}
      data-testid="slideshow"
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (typing(event.target) || total < 2) return;
        if (event.key === 'ArrowLeft') move(-1);
        else if (event.key === 'ArrowRight') move(1);
        else return;
        event.preventDefault();
      }}
    >
      <div className="viewer-head">
        <h2 id={titleId} className="viewer-title">
          {title}
        </h2>
        <span className="viewer-counter" data-testid="slideshow-counter" aria-live="polite">
          {total > 0 ? counterText(at, total) : ''}
        </span>
        <button type="button" className="viewer-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="viewer-stage">
        {item && <Item key={item.id} item={item} />}
        {arrows.previous && (
          <button
            type="button"
            className="viewer-arrow viewer-prev"
            aria-label="Previous"
            onClick={() => move(-1)}
          >
            ‹
          </button>
        )}
        {arrows.next && (
          <button
            type="button"
            className="viewer-arrow viewer-next"
            aria-label="Next"
            onClick={() => move(1)}
          >
            ›
          </button>
        )}
      </div>
      {item?.file_desc && item.type !== 3 && <p className="viewer-desc">{item.file_desc}</p>}
      {item && extra && <div className="viewer-extra">{extra(item, at)}</div>}
    </dialog>
  );
}

function Item({ item }: { item: ViewerItem }) {
  const label = item.file_desc || item.content || (item.type === 2 ? 'Video' : 'Photo');
  if (item.type === 3) {
    return (
      <div
        className={`viewer-text viewer-bg-${(((item.bgNumber ?? 1) - 1 + 6) % 6) + 1}`}
        data-testid="viewer-text"
      >
        <p>{item.content}</p>
      </div>
    );
  }
  if (item.type === 2) {
    return (
      <VideoPlayer
        src={item.video ?? ''}
        poster={item.img}
        label={label}
        canWatch={item.is_can_watch === 1 && Boolean(item.video)}
        lockedText={item.locked}
      />
    );
  }
  if (item.is_can_watch !== 1) {
    return (
      <div className="viewer-locked" data-testid="viewer-locked">
        <img className="viewer-locked-cover" src={item.img} alt="" />
        <p className="viewer-locked-text">{item.locked}</p>
      </div>
    );
  }
  return <BlurredPicture src={item.biger_img || item.img} alt={label} />;
}
