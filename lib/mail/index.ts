// The front door of lib/mail: queue a mail in your transaction; the worker sends it.

export { startMailWorker } from "./mail-worker";
export { enqueueMail, purgeOutbox } from "./outbox";
export { loadSandboxMail, loadSandboxMails, type SandboxMailView, sandboxMailEnabled } from "./sandbox-mails";
