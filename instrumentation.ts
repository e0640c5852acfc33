// Next.js calls register() once per server process: the app boots with it, so `npm start`
// is one process (PGlite allows one process per data directory).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootOrExit } = await import("./lib/boot/start-app");
  await bootOrExit();
}
