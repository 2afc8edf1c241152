type ArticleImageProps = {
  src: string;
  alt: string;
  className: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "auto";
  decoding?: "async" | "auto";
};

/**
 * An article's illustration. The <picture> keeps React from turning the image into a preload hint
 * in the page's RSC payload: Next.js prefetches that payload for every link in view, and React then
 * preloads the image into the page holding the link, where it is never shown (Home's "Blog" link in
 * the desktop header cost two such preloads, and a console warning each, on every load). In the
 * page's own HTML the browser's preload scanner finds the <img> as early; `contents` leaves the
 * layout to the <img>.
 */
export function ArticleImage({ src, alt, className, loading, fetchPriority, decoding }: ArticleImageProps) {
  return (
    <picture className="contents">
      <img src={src} alt={alt} width={1200} height={630} className={className} loading={loading} fetchPriority={fetchPriority} decoding={decoding} />
    </picture>
  );
}
