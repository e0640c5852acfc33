// Runs before Next.js routing. Next's router answers a malformed percent-encoding in the
// path with a bare 500 before any route runs; the API answers it with a JSON 400 instead.
import { NextResponse, type NextRequest } from "next/server";

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const raw = new URL(request.url).pathname;
  if (isDecodable(raw)) return NextResponse.next();
  return NextResponse.json({ statusCode: 400, message: "Malformed percent-encoding in the URL path", error: "Bad Request" }, { status: 400 });
}

export const config = { matcher: ["/v1/:path*", "/v2/:path*"] };
