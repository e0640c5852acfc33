// Shown on every page of a sandbox instance: nothing there is real money.
export function SandboxBanner() {
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      <strong>Sandbox</strong>: local test chains and test tokens. Nothing here moves real money.
    </p>
  );
}
