/** A round avatar; falls back to the initial when the image is missing or fails. */
import { useState } from 'react';

export function Avatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (!src || failed)
    return (
      <span className="avatar avatar-fallback" style={style} aria-hidden="true">
        {Array.from(name)[0]?.toUpperCase() ?? '?'}
      </span>
    );
  return (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
