"use client";

import { useCallback, useRef, useState } from "react";
import { initialsOf } from "@/lib/initials";

type Props = {
  name: string;
  src: string;
  /** Rendered size in CSS pixels; the image and the fallback share it so nothing shifts. */
  size: number;
};

/**
 * A team member's round portrait. If it cannot load, the person's initials take its place in a
 * circle of the same size and the failure is logged. The image can fail before React hydrates
 * (its error event is then lost), so the element is also checked once when React attaches to it.
 */
export function TeamPhoto({ name, src, size }: Props) {
  // The URL that failed, not a flag: a new src gets a fresh attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const reported = useRef<string | null>(null);

  const reportFailure = useCallback(() => {
    if (reported.current === src) return;
    reported.current = src;
    console.error(`Team photo of ${name} failed to load: ${src}`);
    setFailedSrc(src);
  }, [name, src]);

  const checkAlreadyFailed = useCallback(
    (img: HTMLImageElement | null) => {
      // complete with no intrinsic width = a finished request that produced no image (a broken one).
      if (img?.complete && img.naturalWidth === 0) reportFailure();
    },
    [reportFailure],
  );

  return (
    <span className="block shrink-0" style={{ width: size, height: size }}>
      {failedSrc === src ? (
        <span
          role="img"
          aria-label={name}
          className="flex size-full items-center justify-center rounded-full border border-line bg-panel font-semibold tracking-wide text-white"
          style={{ fontSize: Math.round(size / 3) }}
        >
          <span aria-hidden="true">{initialsOf(name)}</span>
        </span>
      ) : (
        // A plain <img>: a small static portrait gains nothing from the image optimizer, and a static export has none.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          ref={checkAlreadyFailed}
          src={src}
          alt={name}
          width={size}
          height={size}
          decoding="async"
          onError={reportFailure}
          className="size-full rounded-full bg-panel object-cover"
        />
      )}
    </span>
  );
}
