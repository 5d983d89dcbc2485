/**
 * The picture viewer (spec 001 §2): the full-size image on a blurred copy of itself.
 *
 *   <BlurredPicture src alt />            the stage alone (the slideshow shows photos in it)
 *   <PictureViewer src alt onClose />     the stage in its own dialog: Escape or Close leaves
 */
import { useEffect, useRef } from 'react';
import './media-viewer.css';

export function BlurredPicture({ src, alt }: { src: string; alt: string }) {
  return (
    <div className="viewer-picture" data-testid="viewer-picture">
      <img className="viewer-picture-blur" src={src} alt="" aria-hidden />
      <img className="viewer-picture-img" src={src} alt={alt} />
    </div>
  );
}

export function PictureViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-label={alt || 'Photo'}
      data-testid="picture-viewer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="viewer-head">
        <span />
        <button type="button" className="viewer-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <BlurredPicture src={src} alt={alt} />
    </dialog>
  );
}
