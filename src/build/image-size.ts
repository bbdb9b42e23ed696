// The intrinsic size of a logo: for the pages' <img width height> (no layout shift while it
// loads) and for the preview cards, which must be told how large to draw it.

/** Width and height of a PNG (its IHDR chunk) or an SVG (its width/height or viewBox). */
export function imageSize(bytes: Buffer, ext: string): { width: number; height: number } | undefined {
  if (ext === '.png' && bytes.length > 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (ext !== '.svg') return undefined;
  const svg = /<svg[^>]*>/.exec(bytes.toString('utf8'))?.[0] ?? '';
  const view = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(svg);
  const w = Number(/\swidth\s*=\s*["']([\d.]+)(px)?["']/.exec(svg)?.[1] ?? view?.[1]);
  const h2 = Number(/\sheight\s*=\s*["']([\d.]+)(px)?["']/.exec(svg)?.[1] ?? view?.[2]);
  return w > 0 && h2 > 0 ? { width: w, height: h2 } : undefined;
}
