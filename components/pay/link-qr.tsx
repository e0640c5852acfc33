// The link as a QR code, drawn on the server (no script), to open the page on a phone's wallet.
import { qrPath } from "@/lib/pay-page/browser";

export function LinkQr({ link }: { link: string }) {
  const { size, d } = qrPath(link);
  return (
    <figure className="flex flex-col items-center gap-2">
      <svg
        role="img"
        aria-labelledby="pay-qr-title"
        viewBox={`0 0 ${size} ${size}`}
        className="size-44 rounded-lg bg-white"
        shapeRendering="crispEdges"
        data-testid="pay-qr"
      >
        <title id="pay-qr-title">QR code of this payment link</title>
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <figcaption className="max-w-[16rem] text-center text-xs text-[var(--pay-muted)]">
        Scan with your phone to pay from a mobile wallet.
      </figcaption>
    </figure>
  );
}
