// A QR code as SVG (the payment links' and the TOTP set-up's), drawn from qrPath's modules.
import { qrPath } from "@/lib/pay-page/browser";

export function QrCode({ value, title, id }: { value: string; title: string; id: string }) {
  const { size, d } = qrPath(value);
  return (
    <svg
      role="img"
      aria-labelledby={id}
      viewBox={`0 0 ${size} ${size}`}
      className="size-40 rounded bg-white"
      shapeRendering="crispEdges"
    >
      {/* One string: React's server renderer writes a <title> with several children as empty, which the
          browser's hydration then reports as a mismatch (#418). */}
      <title id={id}>{title}</title>
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
