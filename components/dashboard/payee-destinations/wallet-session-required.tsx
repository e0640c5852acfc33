// Shown to a session signed in with email and password: the API takes payee-destination
// changes only in a wallet session (docs/interface.md "Credentials"), so the page says why and how.
import { SignOutButton } from "../sign-out-button";

export function WalletSessionRequired() {
  return (
    <section
      aria-labelledby="wallet-session-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="wallet-session-title" className="font-semibold">
        Managing payee destinations needs a wallet sign-in
      </h2>
      <p className="mt-2">
        You are signed in with email and password. A payee destination is added or deactivated with the payee wallet’s
        signature, and the service accepts those changes only from a session signed in with a wallet (an EVM wallet or
        TronLink). You can read the destinations here.
      </p>
      <p className="mt-2">
        To manage them, sign out and sign in with your wallet. A wallet signs in to its own platform (created at its
        first sign-in): an email account and a wallet are not linked, so their client IDs, API keys and destinations are
        separate.
      </p>
      <SignOutButton
        label="Sign out and sign in with a wallet"
        returnTo="/dashboard/payee-destinations"
        variant="primary"
        size="md"
        className="mt-3"
      />
    </section>
  );
}
